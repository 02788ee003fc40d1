import Foundation
import Testing

/// A room with a closing time under tmux at 80×24: the countdown and each member's progress on
/// screen, the results screen with the winner at the close, then `swipe rooms` and `swipe results`.
@Suite(.serialized) struct ClientClosingTimeTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func theCountdownProgressAndTheCloseOnScreenThenRoomsAndResults() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-state-closing-\(tag)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let closing = ClosingTimeServerTests.closing(in: 12)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-closing-\(tag)", stateHome: state,
                                        command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck movies --until \(closing.text) --name Ann")
        defer { ann.kill() }
        let open = try #require(try ann.waitFor("votes sealed"), "no countdown: \((try? ann.screen()) ?? "")")
        #expect(open.contains("until ") && (open.contains(" s left") || open.contains(" m left")) && open.contains("free"), "\(open)")
        let code = try #require(open.range(of: #"[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}"#, options: .regularExpression).map { String(open[$0]) })
        #expect(open.contains("Ann (you) ♔ 0/"), "\(open)")
        try ann.keys("l")
        #expect(try ann.waitFor("Ann (you) ♔ 1/") != nil, "no progress after a vote: \((try? ann.screen()) ?? "")")
        try ann.keys("r")
        #expect(try ann.waitFor("Votes are sealed until the close") != nil, "results before the close: \((try? ann.screen()) ?? "")")
        try ann.keys("r")
        // The close comes with Ann still watching: the winner, decided without the host.
        let decided = try #require(try ann.waitFor("The group's choice", seconds: 30), "no winner at the close: \((try? ann.screen()) ?? "")")
        #expect(decided.contains("led the ranking at the close") || decided.contains("only match") || decided.contains("tied"), "\(decided)")
        try ann.keys("q")
        #expect(try ann.waitFor("SWIPE-EXITED 0") != nil)

        // Later, from the same machine: the room is in `swipe rooms`, and `swipe results` names the winner.
        let environment = "XDG_STATE_HOME=\(state) LANG=C.UTF-8"
        let rooms = try clientRun("/bin/sh", ["-c", "\(environment) \(builtProduct("swipe")) rooms; echo status $?"])
        #expect(rooms.output.contains(code) && rooms.output.contains("decided → ") && rooms.output.contains("status 0"), "\(rooms.output)")
        let results = try clientRun("/bin/sh", ["-c", "\(environment) \(builtProduct("swipe")) results ws://127.0.0.1:\(server.port)/\(code); echo status $?"])
        #expect(results.output.contains("Winner: ") && results.output.contains("closing time \(closing.text)") && results.output.contains("status 0"), "\(results.output)")
        let unknown = try clientRun("/bin/sh", ["-c", "\(builtProduct("swipe")) results ws://127.0.0.1:\(server.port)/ABCD-EFGH-JK 2>&1; echo status $?"])
        #expect(unknown.output.contains("status 2"), "\(unknown.output)")
        let badUntil = try clientRun("/bin/sh", ["-c", "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck movies --until soon 2>&1; echo status $?"])
        #expect(badUntil.output.contains("--until") && badUntil.output.contains("status 64"), "\(badUntil.output)")
    }
}
