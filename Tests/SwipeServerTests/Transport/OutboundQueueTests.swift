import Testing
import SwipeCore
import SwipeProtocol
import SwipeRooms
@testable import SwipeServer

@Suite struct OutboundQueueTests {
    /// One queue operation: a message (no key), a drag state of (member, card), or a pop.
    enum Op: Sendable, CustomStringConvertible {
        case message(UInt8)
        case drag(UInt8, member: String, card: String)
        case pop
        var description: String {
            switch self {
            case let .message(byte): "message \(byte)"
            case let .drag(byte, member, card): "drag \(byte) \(member)/\(card)"
            case .pop: "pop"
            }
        }
    }

    struct OrderCase: Sendable, CustomStringConvertible {
        var name: String
        var capacity: Int
        var ops: [Op]
        var results: [OutboundQueue.PushResult]
        /// Everything popped: by `.pop` steps, then by draining.
        var written: [UInt8]
        var description: String { name }
    }

    static let orderCases: [OrderCase] = [
        OrderCase(name: "messages keep their order", capacity: 10,
                  ops: [.message(1), .message(2), .message(3)],
                  results: [.queued, .queued, .queued], written: [1, 2, 3]),
        OrderCase(name: "a vote queued behind a drag state is written first", capacity: 10,
                  ops: [.drag(1, member: "m2", card: "dune"), .message(2)],
                  results: [.queued, .queued], written: [2, 1]),
        OrderCase(name: "drag states coalesce in place, latest wins, after every message", capacity: 10,
                  ops: [.drag(1, member: "m2", card: "dune"), .message(2), .drag(3, member: "m2", card: "dune"),
                        .drag(4, member: "m3", card: "dune"), .message(5)],
                  results: [.queued, .queued, .coalesced, .queued, .queued], written: [2, 5, 3, 4]),
        OrderCase(name: "another card of the same member is its own key", capacity: 10,
                  ops: [.drag(1, member: "m2", card: "dune"), .drag(2, member: "m2", card: "alien"),
                        .drag(3, member: "m2", card: "dune")],
                  results: [.queued, .queued, .coalesced], written: [3, 2]),
        OrderCase(name: "a drag state already written is queued anew", capacity: 10,
                  ops: [.drag(1, member: "m2", card: "dune"), .pop, .drag(2, member: "m2", card: "dune"), .message(3)],
                  results: [.queued, .queued, .queued], written: [1, 3, 2]),
        OrderCase(name: "messages arriving between writes still overtake queued drags", capacity: 10,
                  ops: [.drag(1, member: "m2", card: "dune"), .drag(2, member: "m3", card: "dune"), .pop, .message(3),
                        .drag(4, member: "m3", card: "dune")],
                  results: [.queued, .queued, .queued, .coalesced], written: [1, 3, 4]),
        OrderCase(name: "one bound covers both lanes; a coalesce never overflows", capacity: 2,
                  ops: [.drag(1, member: "m2", card: "dune"), .message(2), .message(3),
                        .drag(4, member: "m3", card: "dune"), .drag(5, member: "m2", card: "dune")],
                  results: [.queued, .queued, .overflow, .overflow, .coalesced], written: [2, 5]),
    ]

    @Test(arguments: orderCases)
    func messagesAreWrittenBeforeDragStates(_ table: OrderCase) {
        var queue = OutboundQueue(capacity: table.capacity)
        var results: [OutboundQueue.PushResult] = []
        var written: [UInt8] = []
        for op in table.ops {
            switch op {
            case let .message(byte):
                results.append(queue.push([byte]))
            case let .drag(byte, member, card):
                results.append(queue.push([byte], coalescing: OutboundQueue.Key(member: MemberID(member), card: CardID(card))))
            case .pop:
                if let frame = queue.pop() { written += frame }
            }
        }
        while let frame = queue.pop() { written += frame }
        #expect(results == table.results)
        #expect(written == table.written)
        #expect(queue.isEmpty)
    }

    /// Thousands of mixed pushes and pops (deterministic pseudo-random, so both lanes compact many
    /// times) against a plain model: messages FIFO first, then drag states in order, where a
    /// `changed` replaces the key's last queued state only if that one is a `changed` too.
    @Test func longRunsMatchASimpleModelAcrossCompaction() {
        var queue = OutboundQueue(capacity: 10_000)
        var modelMessages: [[UInt8]] = []
        var modelDrags: [(key: OutboundQueue.Key, bytes: [UInt8], replaceable: Bool)] = []
        var state: UInt32 = 12345
        func next(_ bound: UInt32) -> UInt32 {
            state = state &* 1_103_515_245 &+ 12345
            return (state >> 16) % bound
        }
        for step in 0..<20_000 {
            let bytes = withUnsafeBytes(of: step) { Array($0) }
            switch next(5) {
            case 0, 1:
                let key = OutboundQueue.Key(member: MemberID("m\(next(3))"), card: CardID("c\(next(4))"))
                let replaceable = next(3) != 0
                let result = queue.push(bytes, coalescing: key, replaceable: replaceable)
                if replaceable, let index = modelDrags.lastIndex(where: { $0.key == key }), modelDrags[index].replaceable {
                    modelDrags[index].bytes = bytes
                    #expect(result == .coalesced)
                } else {
                    modelDrags.append((key, bytes, replaceable))
                    #expect(result == .queued)
                }
            case 2:
                #expect(queue.push(bytes) == .queued)
                modelMessages.append(bytes)
            default:
                let expected = modelMessages.isEmpty ? modelDrags.first?.bytes : modelMessages.first
                if !modelMessages.isEmpty { modelMessages.removeFirst() } else if !modelDrags.isEmpty { modelDrags.removeFirst() }
                #expect(queue.pop() == expected)
            }
            #expect(queue.count == modelMessages.count + modelDrags.count)
        }
    }

    /// began, changed, changed, ended queued back to back for an idle reader: the two `changed`
    /// become one, and the gesture's start and end both arrive, in order (seen in the field: 3 to 5
    /// of 15 gestures arrived as `ended` only).
    @Test func aGesturesStartAndEndAreNeverCoalescedAway() {
        var queue = OutboundQueue(capacity: 16)
        let key = OutboundQueue.Key(member: "m2", card: "dune")
        #expect(queue.push([1], coalescing: key, replaceable: false) == .queued)   // began
        #expect(queue.push([2], coalescing: key) == .queued)                       // changed
        #expect(queue.push([3], coalescing: key) == .coalesced)                    // changed
        #expect(queue.push([4], coalescing: key, replaceable: false) == .queued)   // ended
        #expect(queue.push([5], coalescing: key, replaceable: false) == .queued)   // the next gesture's began
        #expect(queue.push([6], coalescing: key) == .queued)                       // and its changed, behind it
        var written: [UInt8] = []
        while let frame = queue.pop() { written += frame }
        #expect(written == [1, 3, 4, 5, 6])
    }

    @Test func removeAllEmptiesTheQueueAndForgetsCoalescingKeys() {
        var queue = OutboundQueue(capacity: 4)
        let key = OutboundQueue.Key(member: "m2", card: "dune")
        _ = queue.push([1], coalescing: key)
        _ = queue.push([2])
        queue.removeAll()
        #expect(queue.isEmpty)
        #expect(queue.push([3], coalescing: key) == .queued)
        #expect(queue.pop() == [3])
    }

    @Test func longRunsKeepOrderAcrossCompaction() {
        var queue = OutboundQueue(capacity: 1000)
        var pushed: [Int] = []
        var received: [Int] = []
        var next = 0
        for _ in 0..<100 {
            for _ in 0..<3 {
                _ = queue.push(withUnsafeBytes(of: next) { Array($0) })
                pushed.append(next)
                next += 1
            }
            for _ in 0..<2 { if let b = queue.pop() { received.append(b.withUnsafeBytes { $0.load(as: Int.self) }) } }
        }
        while let b = queue.pop() { received.append(b.withUnsafeBytes { $0.load(as: Int.self) }) }
        #expect(received == pushed)
    }
}

@Suite struct RateLimiterTests {
    @Test func aBurstIsAllowedThenTheRateHolds() {
        var limiter = RateLimiter(perSecond: 10, burst: 5)
        var allowed = 0
        for _ in 0..<5 where limiter.allow(at: 0) { allowed += 1 }
        #expect(allowed == 5)
        let sixth = limiter.allow(at: 0)
        let refilled = limiter.allow(at: 100)    // 0.1 s refills one token
        let again = limiter.allow(at: 100)
        #expect(!sixth)
        #expect(refilled)
        #expect(!again)
    }
}

@Suite struct HTTPRoutesTests {
    static let status = ServerStatus(version: "0.1.0", protocol: 1, uptimeSeconds: 2, rooms: 1, connections: 3)

    @Test func healthAndResultsAndMisses() throws {
        var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 5))
        let code = try #require(registry.create(CreateRoom(name: "Ann", deck: "movies"), from: ConnectionID(1), at: 0).room)
        let health = HTTPRoutes.respond(to: "/healthz", registry: registry, status: Self.status)
        #expect(health.status == 200)
        #expect(String(decoding: health.body, as: UTF8.self).contains("\"connections\":3"))
        let csv = HTTPRoutes.respond(to: "/rooms/\(code.rawValue.lowercased())/results.csv", registry: registry, status: Self.status)
        #expect(csv.status == 200)
        #expect(String(decoding: csv.body, as: UTF8.self).hasPrefix("rank,card,title,likes,nopes,superLikes,score,matched,votes,round,winner,decidedBy\r\n1,dune,Dune"))
        let json = HTTPRoutes.respond(to: "/rooms/\(code)/results.json", registry: registry, status: Self.status)
        #expect(json.contentType == "application/json")
        #expect(HTTPRoutes.respond(to: "/rooms/2222-2222-22/results.json", registry: registry, status: Self.status).status == 404)
        #expect(HTTPRoutes.respond(to: "/", registry: registry, status: Self.status).status == 404)
    }

    @Test func csvQuotesFieldsThatNeedIt() {
        let row = ResultRow(rank: 1, card: "c", title: "Tom, \"Jerry\"", likes: 1, nopes: 0, superLikes: 0, matched: false, votes: ["A": .like])
        #expect(ResultsExport.csv(Results(final: true, ranking: [row])).contains("1,c,\"Tom, \"\"Jerry\"\"\",1,0,0,1,false,A:like"))
    }
}
