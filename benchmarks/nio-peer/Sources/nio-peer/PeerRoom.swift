// Runs on the room's home EventLoop only (every method asserts it through `loop`): members,
// votes and the per-loop broadcast groups. Broadcasts encode once and hand the same ByteBuffer to
// every channel, one task (write all + flush once) per EventLoop.
import Foundation
import NIOCore
import NIOWebSocket

final class PeerRoom: @unchecked Sendable {
    let code: String
    let loop: EventLoop
    private let deckName: String
    private let cards: [PeerCard]
    private var members: [ObjectIdentifier: (id: String, name: String, channel: Channel)] = [:]
    private var order: [ObjectIdentifier] = []
    private var groups: [(loop: EventLoop, channels: [Channel])] = []
    private var nextMember = 1
    private var votes: [String: [String: String]] = [:]
    private var phase = "lobby"

    init(code: String, loop: EventLoop, deckName: String, cards: [PeerCard]) {
        self.code = code
        self.loop = loop
        self.deckName = deckName
        self.cards = cards
    }

    func join(_ channel: Channel, name: String, host: Bool) {
        loop.preconditionInEventLoop()
        let key = ObjectIdentifier(channel)
        let id = "m\(nextMember)"
        nextMember += 1
        members[key] = (id, name, channel)
        order.append(key)
        rebuildGroups()
        let memberList = order.compactMap { members[$0] }.enumerated().map { index, member in
            MemberWire(id: member.id, name: member.name, role: index == 0 ? "host" : "member")
        }
        let snapshot = SnapshotWire(code: code, deckName: deckName, phase: phase, members: memberList,
                                    totalCards: cards.count, remaining: cards.count, visible: Array(cards.prefix(3)))
        let welcome = WelcomeWire(you: id, token: "t-\(code)-\(id)", serverTime: Self.now(), room: snapshot)
        send(Wire.encode(welcome), to: channel)
        _ = host
    }

    func leave(_ channel: Channel) {
        loop.preconditionInEventLoop()
        let key = ObjectIdentifier(channel)
        guard members.removeValue(forKey: key) != nil else { return }
        order.removeAll { $0 == key }
        rebuildGroups()
    }

    func host(_ command: HostMessage, from channel: Channel) {
        loop.preconditionInEventLoop()
        guard command.command == "start", phase == "lobby" else { return }
        phase = "voting"
        broadcast(Wire.encode(PhaseWire(phase: "voting")), except: nil)
    }

    func swipe(_ swipe: SwipeMessage, from channel: Channel) {
        loop.preconditionInEventLoop()
        guard let member = members[ObjectIdentifier(channel)] else { return }
        guard let vote = Wire.vote(for: swipe.direction) else {
            send(Wire.encode(ErrorWire(code: "badField", message: "swipe: unknown direction")), to: channel)
            return
        }
        votes[swipe.card, default: [:]][member.id] = vote
        var tally = TallyWire(card: swipe.card, eligible: members.count)
        for value in votes[swipe.card, default: [:]].values {
            switch value {
            case "like": tally.likes += 1
            case "nope": tally.nopes += 1
            default: tally.superLikes += 1
            }
            tally.voted += 1
        }
        broadcast(Wire.encode(tally), except: nil)
    }

    func drag(_ drag: DragMessage, from channel: Channel) {
        loop.preconditionInEventLoop()
        guard let member = members[ObjectIdentifier(channel)] else { return }
        let rotation = atan(drag.x / 600)
        let progress = min(1, abs(drag.x) / 150)
        let state = CardStateWire(member: member.id, card: drag.card, phase: drag.phase, x: drag.x, y: drag.y,
                                  rotation: rotation, progress: progress,
                                  direction: progress >= 1 ? (drag.x > 0 ? "right" : "left") : nil,
                                  serverTime: Self.now())
        broadcast(Wire.encode(state), except: channel)
    }

    private func rebuildGroups() {
        var byLoop: [ObjectIdentifier: Int] = [:]
        groups = []
        for key in order {
            guard let channel = members[key]?.channel else { continue }
            let loopKey = ObjectIdentifier(channel.eventLoop)
            if let index = byLoop[loopKey] {
                groups[index].channels.append(channel)
            } else {
                byLoop[loopKey] = groups.count
                groups.append((channel.eventLoop, [channel]))
            }
        }
    }

    private func send(_ bytes: [UInt8], to channel: Channel) {
        let buffer = channel.allocator.buffer(bytes: bytes)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: buffer), promise: nil)
    }

    private func broadcast(_ bytes: [UInt8], except: Channel?) {
        let buffer = ByteBufferAllocator().buffer(bytes: bytes)
        let frame = WebSocketFrame(fin: true, opcode: .text, data: buffer)
        for group in groups {
            let channels = group.channels
            let write: @Sendable () -> Void = {
                for channel in channels where channel !== except {
                    channel.write(frame, promise: nil)
                    channel.flush()
                }
            }
            if group.loop.inEventLoop { write() } else { group.loop.execute(write) }
        }
    }

    static func now() -> Double { Date().timeIntervalSince1970 * 1000 }
}
