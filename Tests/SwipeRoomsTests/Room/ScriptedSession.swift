import SwipeCore
import SwipeProtocol
@testable import SwipeRooms

/// A random but reproducible group session driven straight through a `RoomRegistry`: joins,
/// swipes (with and without `seq`, resends included), undos, disconnects, resumes, host commands
/// and timer firings. Every `.append` record is kept in `records`, in order.
struct ScriptedSession {
    var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 7))
    var script: SeededRandom
    var records: [LogRecord] = []
    var codes: [RoomCode] = []
    var now: ServerTime = 0
    var nextConnection = 1
    var nextSeq: [MemberID: Int] = [:]

    init(seed: UInt64) { script = SeededRandom(seed: seed) }

    mutating func roll(_ bound: Int) -> Int { script.index(below: bound) }

    mutating func keep(_ effects: [RoomEffect]) {
        for case let .append(record) in effects { records.append(record) }
    }

    /// One random step.
    mutating func step() {
        now += Double(roll(5_000))
        if codes.isEmpty || roll(40) == 0 { createRoom(); return }
        let code = codes[roll(codes.count)]
        guard let room = registry.rooms[code] else { return }
        let members = room.members
        let action = roll(15)
        if members.isEmpty || action == 0 {
            let join = JoinRoom(room: code, name: ["Ann", "Bo", "Cy", "Dee"][roll(4)], role: roll(6) == 0 ? .spectator : nil)
            keep(registry.join(join, from: connection(), at: now).effects)
            return
        }
        let member = members[roll(members.count)]
        switch action {
        case 1, 2, 3, 4:
            let card = roll(4) == 0 && !room.cards.isEmpty ? room.cards[roll(room.cards.count)].id
                : (room.pendingCards(for: member.id).first?.id ?? "none")
            var seq: Int? = nil
            if roll(3) > 0 {
                let resend = roll(4) == 0
                seq = resend ? max(0, (nextSeq[member.id] ?? 1) - 1) : (nextSeq[member.id] ?? 0) + 1
                nextSeq[member.id] = max(nextSeq[member.id] ?? 0, seq ?? 0)
            }
            let direction: SwipeDirection = [.left, .right, .up][roll(3)]
            keep(registry.handle(.messageReceived(member.id, .swipe(SwipeVote(card: card, direction: direction, seq: seq))), in: code, at: now))
        case 5:
            let seq = (nextSeq[member.id] ?? 0) + 1
            nextSeq[member.id] = seq
            keep(registry.handle(.messageReceived(member.id, .undo(UndoVote(seq: seq))), in: code, at: now))
        case 6:
            keep(registry.handle(.memberDisconnected(member.id), in: code, at: now))
        case 7:
            let join = JoinRoom(room: code, name: member.name, token: member.token)
            keep(registry.join(join, from: connection(), at: now).effects)
        case 8:
            let commands: [HostAction] = [.start, .start, .skip, .kick, .reveal, .close, .export, .finalRound, .finalRound]
            let command = commands[roll(commands.count)]
            if command == .close && roll(4) > 0 { return }
            let target = members[roll(members.count)].id
            let host = members.first { $0.role == .host }?.id ?? member.id
            keep(registry.handle(.messageReceived(host, .host(HostCommand(command: command, member: target))), in: code, at: now))
        case 9:
            if let deadline = room.deadline { now = max(now, deadline) }
            keep(registry.handle(.timerFired, in: code, at: now))
        case 10, 11:
            // Options in the lobby: a few titles, so some repeat (refused), some are withdrawn.
            let titles = ["Pho", "tacos", "Tacos ", "Curry", "Sushi", "Dune", "Salad", "Ramen"]
            let option = ProposeOption(title: titles[roll(titles.count)], body: roll(2) == 0 ? "why not" : nil)
            keep(registry.handle(.messageReceived(member.id, .propose(option)), in: code, at: now))
        case 12:
            let id = "p\(1 + roll(6))"
            keep(registry.handle(.messageReceived(member.id, .withdraw(WithdrawProposal(proposal: id))), in: code, at: now))
        default:
            let phase: DragPhase = [.began, .changed, .ended][roll(3)]
            let card = room.pendingCards(for: member.id).first?.id ?? "none"
            keep(registry.handle(.messageReceived(member.id, .drag(DragUpdate(card: card, phase: phase, x: 40, y: 3, t: now))), in: code, at: now))
        }
    }

    mutating func createRoom() {
        let kind = roll(5)   // 0, 1: inline cards; 2, 3: a server deck; 4: no deck (lockstep; proposals only)
        let inline = kind < 2
        let cards = (0..<(1 + roll(6))).map { Card(id: CardID("c\($0)"), title: "Card \($0)") }
        let rules: [VoteRule] = [.majority, .unanimous, .atLeast(likes: 2), .approval]
        let request = CreateRoom(name: "Host", deck: kind == 2 || kind == 3 ? "movies" : nil, cards: inline ? cards : nil,
                                 rule: rules[roll(rules.count)], pacing: kind == 4 || roll(2) == 0 ? .lockstep : .free,
                                 timerSeconds: roll(2) == 0 ? 30 : nil, quorum: roll(4) == 0 ? 2 : nil)
        let result = registry.create(request, from: connection(), at: now)
        keep(result.effects)
        if let code = result.room { codes.append(code) }
    }

    mutating func connection() -> ConnectionID {
        defer { nextConnection += 1 }
        return ConnectionID(nextConnection)
    }

    /// The durable state of every live room, members shown offline (as after a restart).
    var liveStates: [RoomCode: DurableRoomState] {
        registry.rooms.mapValues { room in
            var state = room.durableState
            for index in state.members.indices { state.members[index].online = false }
            return state
        }
    }
}
