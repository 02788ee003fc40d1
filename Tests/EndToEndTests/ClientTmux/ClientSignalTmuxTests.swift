import Foundation
import Testing

/// Signals reach the real `swipe` under tmux while it sits idle in a lobby (no timer wakes it):
/// each stop signal restores the terminal (no mouse tracking, no alternate screen) and exits at
/// once with 128 + the signal; Ctrl-Z hands the terminal back and `fg` takes it again.
@Suite(.serialized) struct ClientSignalTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    @Test(.enabled(if: tmux != nil, "tmux is not installed"),
          arguments: [("INT", SIGINT, "130"), ("TERM", SIGTERM, "143"), ("HUP", SIGHUP, "129"), ("C-c", 0, "130")])
    func aStopSignalRestoresTheTerminalAndExitsAtOnce(_ label: String, _ signal: Int32, _ status: String) throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-sig-\(tag)",
                                        command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck movies --name Ann")
        defer { ann.kill() }
        #expect(try ann.waitFor("press s to start") != nil, "the lobby never showed")
        #expect(try ann.pane("#{mouse_any_flag}") == "1", "the client does not track the mouse")
        let started = Date()
        if signal == 0 {
            try ann.keys(label)
        } else {
            let pid = try #require(try ann.childPID(), "no swipe process in the pane")
            kill(pid, signal)
        }
        let after = try #require(try ann.waitFor("SWIPE-EXITED \(status)", seconds: 5), "\(label) did not end the client with \(status)")
        #expect(Date().timeIntervalSince(started) < 2, "\(label) took \(Date().timeIntervalSince(started)) s")
        #expect(!after.contains("press s to start"), "the lobby frame stayed after \(label):\n\(after)")
        #expect(try ann.pane("#{mouse_any_flag}") == "0", "mouse tracking is still on after \(label)")
        #expect(try ann.pane("#{alternate_on}") == "0", "the alternate screen is still on after \(label)")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func ctrlZSuspendsAndFgRestores() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let shell = try ClientTmuxSession(tmux: tmux, name: "swipe-tstp-\(tag)", command: "bash --norc --noprofile -i")
        defer { shell.kill() }
        try shell.keys("-l", "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck movies --name Ann")
        try shell.keys("Enter")
        #expect(try shell.waitFor("press s to start") != nil, "the lobby never showed")
        try shell.keys("C-z")
        let stopped = try #require(try shell.waitFor("Stopped"), "Ctrl-Z did not suspend the client")
        #expect(!stopped.contains("press s to start"), "the lobby frame stayed while suspended:\n\(stopped)")
        #expect(try shell.pane("#{mouse_any_flag}") == "0", "mouse tracking stayed on while suspended")
        #expect(try shell.pane("#{alternate_on}") == "0", "the alternate screen stayed on while suspended")
        try shell.keys("-l", "fg")
        try shell.keys("Enter")
        #expect(try shell.waitFor("press s to start") != nil, "fg did not bring the screen back")
        #expect(try shell.pane("#{mouse_any_flag}") == "1", "mouse tracking did not come back after fg")
        try shell.keys("q")
        try shell.keys("-l", "echo EXIT-$?")
        try shell.keys("Enter")
        #expect(try shell.waitFor("EXIT-0") != nil, "q after fg did not quit cleanly")
    }
}
