import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeServer

@Suite struct OutboundQueueTests {
    @Test func dragStatesCoalesceInPlaceAndVotesAreKept() {
        var queue = OutboundQueue(capacity: 10)
        let bo = OutboundQueue.Key(member: "m2", card: "dune")
        let cy = OutboundQueue.Key(member: "m3", card: "dune")
        #expect(queue.push([1], coalescing: bo) == .queued)
        #expect(queue.push([2]) == .queued)
        #expect(queue.push([3], coalescing: bo) == .coalesced)
        #expect(queue.push([4], coalescing: cy) == .queued)
        #expect(queue.push([5]) == .queued)
        var order: [[UInt8]] = []
        while let next = queue.pop() { order.append(next) }
        #expect(order == [[3], [2], [4], [5]])
        #expect(queue.push([6], coalescing: bo) == .queued)   // the earlier one was sent: queue anew
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

    @Test func aFullQueueReportsOverflowInsteadOfDropping() {
        var queue = OutboundQueue(capacity: 2)
        #expect(queue.push([1]) == .queued)
        #expect(queue.push([2]) == .queued)
        #expect(queue.push([3]) == .overflow)
        #expect(queue.count == 2)
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
        #expect(String(decoding: csv.body, as: UTF8.self).hasPrefix("rank,card,title,likes,nopes,superLikes,score,matched,votes\r\n1,dune,Dune"))
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
