import Foundation
import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// Hostile input through the whole engine: valid and mutated messages from many connections, in a
/// seeded order. After every step the registry's invariants hold; at the end the log still rebuilds
/// every room exactly.
@Suite struct RoomInvariantsFuzzTests {
    static let corpus = [
        #"{"type":"create","name":"Ann","deck":"movies","rule":{"kind":"majority"},"pacing":"lockstep","timerSeconds":30}"#,
        #"{"type":"create","name":"Ann\u001b[2J","cards":[{"id":"a","title":"A"},{"id":"b","title":"B"},{"id":"c","title":"\u001b]0;x\u0007C"}],"rule":{"kind":"atLeast","likes":2},"pacing":"free","quorum":2}"#,
        #"{"type":"create","name":"Zed","deck":"restaurants","rule":{"kind":"unanimous"},"pacing":"lockstep","quorum":1}"#,
        #"{"type":"join","room":"ROOM","name":"Bo"}"#, #"{"type":"join","room":"ROOM","name":"Spy","role":"spectator"}"#,
        #"{"type":"join","room":"ROOM","name":"Mal","role":"host"}"#, #"{"type":"join","room":"ROOM","name":"Bo","token":"TOKEN"}"#,
        #"{"type":"drag","card":"CARD","phase":"changed","x":84.5,"y":-12,"t":1}"#,
        #"{"type":"swipe","card":"CARD","direction":"right","seq":4}"#, #"{"type":"swipe","card":"CARD","direction":"left"}"#,
        #"{"type":"swipe","card":"CARD","direction":"up","seq":5}"#,
        #"{"type":"undo","seq":6}"#, #"{"type":"undo","card":"CARD"}"#,
        #"{"type":"host","command":"start"}"#, #"{"type":"host","command":"skip"}"#, #"{"type":"host","command":"reveal"}"#,
        #"{"type":"host","command":"kick","member":"m2"}"#, #"{"type":"host","command":"export"}"#,
        #"{"type":"host","command":"close"}"#, #"{"type":"results"}"#, #"{"type":"ping","t":1}"#,
        #"{"type":"create","name":"Pat","rule":{"kind":"majority"},"pacing":"lockstep"}"#,
        #"{"type":"propose","title":"Pho","body":"noodle soup"}"#, #"{"type":"propose","title":" pho "}"#,
        #"{"type":"propose","title":"Tacos\u001b[31m"}"#, #"{"type":"propose","title":""}"#,
        #"{"type":"withdraw","proposal":"p1"}"#, #"{"type":"withdraw","proposal":"p2"}"#,
        #"{"type":"host","command":"finalRound"}"#, #"{"type":"host","command":"finalRound"}"#,
    ]

    @Test(arguments: [1, 2] as [UInt64])
    func thousandsOfHostileMessagesKeepEveryRoomValid(seed: UInt64) throws {
        var registry = RoomRegistry(library: .bundled(), limits: RegistryLimits(maxRooms: 6, maxMembersPerRoom: 5),
                                    random: SeededRandom(seed: seed))
        var random = SeededRandom(seed: seed &* 31)
        func roll(_ bound: Int) -> Int { random.index(below: max(bound, 1)) }
        var bound: [ConnectionID: (RoomCode, MemberID)] = [:]
        var records: [LogRecord] = []
        var now: ServerTime = 0
        var decodedCount = 0
        for step in 0..<15_000 {
            now += Double(roll(3_000))
            let connection = ConnectionID(roll(12))
            let rooms = Array(registry.rooms.values)
            let room = rooms.isEmpty ? nil : rooms[roll(rooms.count)]
            var text = Self.corpus[roll(Self.corpus.count)]
            text = text.replacingOccurrences(of: "ROOM", with: room?.code.rawValue ?? "NOPE-NOPE-NO")
            text = text.replacingOccurrences(of: "TOKEN", with: room.map { $0.members.isEmpty ? "t" : $0.members[roll($0.members.count)].token } ?? "t")
            text = text.replacingOccurrences(of: "CARD", with: room.map { $0.cards.isEmpty ? "x" : $0.cards[roll($0.cards.count)].id.rawValue } ?? "x")
            var bytes = Array(text.utf8)
            if roll(3) == 0 { bytes = Self.mutate(bytes, &random) }
            var effects: [RoomEffect] = []
            var code: RoomCode?
            var decidedByTimerOrSkip = false
            if roll(40) == 0, let (roomCode, member) = bound[connection] {
                // Half leave on purpose, half drop and are expected back for a while.
                effects = registry.handle(.memberDisconnected(member, grace: roll(2) == 0 ? 0 : 5_000), in: roomCode, at: now)
                bound[connection] = nil
            } else if roll(60) == 0, let room {
                effects = registry.handle(.timerFired, in: room.code, at: room.nextWakeup ?? now)
                code = room.code
                decidedByTimerOrSkip = true
            } else if case let .success(message) = WireCodec.decodeClient(bytes) {
                decodedCount += 1
                if let (roomCode, member) = bound[connection] {
                    effects = registry.handle(.messageReceived(member, message), in: roomCode, at: now)
                    code = roomCode
                    if case let .host(command) = message, command.command == .skip { decidedByTimerOrSkip = true }
                } else if case let .create(request) = message {
                    let result = registry.create(request, from: connection, at: now)
                    (code, effects) = (result.room, result.effects)
                } else if case let .join(request) = message {
                    let result = registry.join(request, from: connection, at: now)
                    (code, effects) = (result.room, result.effects)
                }
            }
            for effect in effects {
                switch effect {
                case let .bind(bindConnection, member): if let code { bound[bindConnection] = (code, member) }
                case let .append(record): records.append(record)
                case let .close(member, _, _):
                    bound = bound.filter { !($0.value.1 == member && $0.value.0 == code) }
                case .reply, .send, .broadcast, .broadcastToProtocol1, .scheduleTimer, .cancelTimer: break
                }
            }
            bound = bound.filter { entry in registry.rooms[entry.value.0]?.members.contains { $0.id == entry.value.1 } ?? false }
            let early = decidedByTimerOrSkip ? [] : Self.resolvedWhileAnOnlineVoterHadNotVoted(effects, in: code.flatMap(registry.room))
            #expect(early.isEmpty, "step \(step): \(early)")
            let problems = registry.checkInvariants()
            #expect(problems.isEmpty, "step \(step): \(problems)")
            if !problems.isEmpty { return }
        }
        #expect(decodedCount > 5_000)
        #expect(records.contains { if case .voteCast = $0.event { true } else { false } })
        var restored = RoomRegistry(library: .bundled(), limits: registry.limits)
        _ = try restored.restore(from: records, at: now)
        #expect(restored.rooms.mapValues { Self.offline($0.durableState) } == registry.rooms.mapValues { Self.offline($0.durableState) })
    }

    @Test func theCheckerSeesBrokenState() throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", pacing: .free))
        h.join("Bo")
        let valid = try #require(h.room)
        #expect(valid.checkInvariants().isEmpty)
        var ghostVote = valid
        ghostVote.votes["dune"] = ["m9": .like]
        #expect(ghostVote.checkInvariants() == ["vote on open card dune by m9, who is not a member"])
        var strayMatch = valid
        strayMatch.matches = ["dune"]
        #expect(strayMatch.checkInvariants() == ["matches [dune] disagree with outcomes []"])
        var twice = valid
        twice.members[1].voteOrder.append(0)   // the deck's first card, twice
        twice.members[1].voteOrder.append(0)
        #expect(twice.checkInvariants().contains("m2 voted twice on a card"))
        var hostless = valid
        hostless.members[0].online = false
        #expect(hostless.checkInvariants() == ["the host is gone while m2 is online to take over"])
    }

    /// The group-decision invariant: a lockstep card is never resolved while an online voter has
    /// not voted on it, unless the timer, the quorum or the host's skip decided (checked on the
    /// room as it is after the event: whoever went offline with it no longer counts).
    static func resolvedWhileAnOnlineVoterHadNotVoted(_ effects: [RoomEffect], in room: Room?) -> [String] {
        guard let room, room.settings.pacing == .lockstep else { return [] }
        var problems: [String] = []
        for case let .append(record) in effects {
            guard case let .cardResolved(card, _) = record.event else { continue }
            let cardVotes = room.votes[card] ?? [:]
            if let quorum = room.settings.quorum, cardVotes.count >= quorum { continue }
            let waiting = room.members.filter { $0.role.canVote && $0.online && cardVotes[$0.id] == nil }.map(\.id)
            if !waiting.isEmpty { problems.append("\(card) resolved while \(waiting) were online and had not voted") }
        }
        return problems
    }

    static func offline(_ state: DurableRoomState) -> DurableRoomState {
        var state = state
        for index in state.members.indices { state.members[index].online = false }
        return state
    }

    static func mutate(_ bytes: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var out = bytes
        for _ in 0...random.index(below: 3) {
            guard !out.isEmpty else { break }
            switch random.index(below: 4) {
            case 0: out[random.index(below: out.count)] ^= UInt8(1 << random.index(below: 8))
            case 1: out.removeSubrange(random.index(below: out.count)..<out.count)
            case 2: out.insert(UInt8(truncatingIfNeeded: random.next()), at: random.index(below: out.count + 1))
            default: out.insert(contentsOf: Array(#""\u001b[31m""#.utf8), at: random.index(below: out.count + 1))
            }
        }
        return out
    }
}
