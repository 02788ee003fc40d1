import Foundation
import Testing

/// `swipe create --notify URL` for a host the server does not allow: no room, the server's message
/// naming `--notify-allow` on screen, status 2.
@Suite struct WebhookClientTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func aNotifyTheServerDoesNotAllowEndsSwipeWithTheServersWords() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess(arguments: ["--notify-allow", "hooks.example.org"])
        defer { server.stop() }
        let session = try ClientTmuxSession(tmux: tmux, name: "swipe-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))", columns: 200,
                                            command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck movies --name Ann --notify https://evil.example/x")
        defer { session.kill() }
        let (status, screen) = try session.exited()
        #expect(status == 2, "\(screen)")
        #expect(screen.contains("--notify-allow") && screen.contains("evil.example"), "\(screen)")
    }
}
