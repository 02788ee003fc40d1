import Foundation
import Testing

/// Joins that fail before a session exists end the real `swipe` with one line on stderr that says
/// why (the server's whole message), a documented exit status, and the terminal restored.
@Suite(.serialized) struct ClientJoinFailureTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    /// (arguments after `swipe`, with PORT for the live server; the stderr line; the exit status)
    static let cases: [(String, String, String)] = [
        ("join ws://127.0.0.1:PORT/ZZZZ-ZZZZ-ZZ --name Bo", #"swipe: the server refused: join: no room "ZZZZ-ZZZZ-ZZ""#, "2"),
        ("create ws://127.0.0.1:PORT --deck nope --name Ann",
         #"swipe: the server refused: create: no deck "nope" (available: movies, restaurants, world-cinema)"#, "2"),
        ("join ws://127.0.0.1:9/ABCD --name Bo",
         "swipe: cannot connect to ws://127.0.0.1:9/ABCD: connection refused (nothing listens on 127.0.0.1 port 9)", "3"),
        ("join ws://no-such-host.invalid:7681/ABCD --name Bo",
         #"swipe: cannot connect to ws://no-such-host.invalid:7681/ABCD: the name "no-such-host.invalid" could not be resolved"#, "3"),
    ]

    @Test(.enabled(if: tmux != nil, "tmux is not installed"), arguments: cases)
    func aFailedJoinSaysWhyAndExitsNonZero(_ arguments: String, _ line: String, _ status: String) throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let command = "\(builtProduct("swipe")) " + arguments.replacingOccurrences(of: "PORT", with: "\(server.port)")
        let session = try ClientTmuxSession(tmux: tmux, name: "swipe-fail-\(tag)", columns: 80, rows: 24, command: command)
        defer { session.kill() }
        let (exitStatus, screen) = try session.exited()
        #expect(screen.contains(line), "missing \"\(line)\":\n\(screen)")
        #expect("\(exitStatus)" == status, "wrong exit status:\n\(screen)")
        #expect(!screen.contains("waiting for the server"), "a frame stayed on screen:\n\(screen)")
        #expect(try session.pane("#{mouse_any_flag}") == "0")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func aDumbTerminalIsRefusedBeforeTheScreenIsTouched() throws {
        guard let tmux = Self.tmux else { return }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let session = try ClientTmuxSession(tmux: tmux, name: "swipe-dumb-\(tag)",
                                            command: "env TERM=dumb \(builtProduct("swipe")) join ws://127.0.0.1:9/ABCD --name Bo")
        defer { session.kill() }
        let (status, screen) = try session.exited()
        #expect(screen.contains("swipe: TERM=dumb cannot draw a full screen"), "\(screen)")
        #expect(status == 6, "\(screen)")
        #expect(!screen.contains("nope  →/l"), "the footer was drawn:\n\(screen)")
    }

    /// linux and vt100 have no alternate screen: the last frame must not stay after the client ends.
    @Test(.enabled(if: tmux != nil, "tmux is not installed"), arguments: ["linux", "vt100"])
    func withoutAnAlternateScreenTheLastFrameIsCleared(_ term: String) throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let session = try ClientTmuxSession(tmux: tmux, name: "swipe-\(term)-\(tag)",
                                            command: "env TERM=\(term) \(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck movies --name Ann")
        defer { session.kill() }
        #expect(try session.waitFor("press s to start") != nil, "the lobby never showed on \(term)")
        try session.keys("q")
        let after = try #require(try session.waitFor("SWIPE-EXITED 0"), "q did not quit on \(term)")
        #expect(!after.contains("press s to start") && !after.contains("GROUP (1)"), "the last frame stayed on \(term):\n\(after)")
    }
}
