import Testing
@testable import swipe_bench

@Suite struct LoadTargetTests {
    @Test func oneURLKeepsTheSingleServerName() throws {
        let target = try LoadTarget.existing(urls: ["ws://127.0.0.1:7681"], pids: [4101])
        #expect(target.name == "server at 127.0.0.1:7681")
        #expect(target.urls.map(\.description) == ["ws://127.0.0.1:7681/"])
        #expect(target.meters.pids == [4101])
    }

    @Test func severalURLsAreNodesInTheOrderGiven() throws {
        let target = try LoadTarget.existing(urls: ["ws://127.0.0.1:1", "ws://127.0.0.1:2", "ws://127.0.0.1:1"],
                                             pids: [7, 8, 7])
        #expect(target.name == "3 nodes at 127.0.0.1:1, 127.0.0.1:2, 127.0.0.1:1")
        #expect(target.urls.map(\.port) == [1, 2, 1])
        #expect(target.meters.pids == [7, 8])
    }

    @Test(arguments: [
        // (room, member, port)
        (0, 0, 1), (0, 1, 2), (0, 2, 3), (1, 0, 2), (1, 2, 1), (5, 0, 3), (5, 1, 1),
    ] as [(Int, Int, Int)])
    func membersConnectToTheNodeTheSpreadPicks(room: Int, member: Int, port: Int) throws {
        let target = try LoadTarget.existing(urls: ["ws://h:1", "ws://h:2", "ws://h:3"], pids: [])
        #expect(target.url(room: room, member: member).port == port)
    }

    @Test func givenURLsAreUsedWithoutStartingAServer() throws {
        var started = false
        let target = try LoadTarget.resolve(urls: ["ws://h:1"], pids: []) {
            started = true
            throw BenchError.missing("not here")
        }
        #expect(!started)
        #expect(target.urls.count == 1)
    }

    @Test func noURLStartsAServer() {
        #expect(throws: BenchError.self) {
            try LoadTarget.resolve(urls: [], pids: [1]) { throw BenchError.missing("would start swipe-server") }
        }
        #expect(throws: BenchError.self) { try LoadTarget.existing(urls: [], pids: []) }
    }
}
