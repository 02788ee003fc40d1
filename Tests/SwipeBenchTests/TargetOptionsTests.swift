import Testing
@testable import swipe_bench

@Suite struct TargetOptionsTests {
    @Test(arguments: [
        ([], [], []),
        (["--url", "ws://127.0.0.1:7681/"], ["ws://127.0.0.1:7681/"], []),
        (["--url", "ws://127.0.0.1:7681/", "--server-pid", "4101"], ["ws://127.0.0.1:7681/"], [4101]),
        (["--url", "ws://a:1", "--url", "ws://b:2", "--url", "ws://a:1"], ["ws://a:1", "ws://b:2", "ws://a:1"], []),
        (["--url", "ws://a:1", "--server-pid", "7", "--url", "ws://b:2", "--server-pid", "8"], ["ws://a:1", "ws://b:2"], [7, 8]),
    ] as [([String], [String], [Int32])])
    func repeatedURLsAndPIDsKeepTheirOrder(arguments: [String], urls: [String], pids: [Int32]) throws {
        let options = try TargetOptions.parse(arguments)
        #expect(options.urls == urls)
        #expect(options.serverPids == pids)
    }

    @Test(arguments: [
        ["--url", "http://127.0.0.1:7681/"],
        ["--url", "ws://a:1", "--url", ""],
        ["--server-pid", "0"],
        ["--server-pid", "-3"],
        ["--server-pid", "abc"],
        ["--against", "nio,redis"],
    ])
    func refusesBadTargets(arguments: [String]) {
        #expect(throws: (any Error).self) { try TargetOptions.parse(arguments) }
    }

    @Test func peersKeepTheOrderAsked() throws {
        #expect(try TargetOptions.parse(["--against", "floor, nio"]).peers == [.floor, .nio])
        #expect(try TargetOptions.parse([]).peers == [])
    }

    @Test func loadAndIdleTakeRepeatedURLs() throws {
        let load = try LoadCommand.parse(["--url", "ws://a:1", "--url", "ws://b:2", "--clients", "4", "--rooms", "2"])
        #expect(load.targets.urls == ["ws://a:1", "ws://b:2"])
        let idle = try IdleCommand.parse(["--url", "ws://a:1", "--url", "ws://b:2", "--server-pid", "9"])
        #expect(idle.targets.urls == ["ws://a:1", "ws://b:2"])
        #expect(idle.targets.serverPids == [9])
    }
}
