import Foundation
import Testing
import SwipeProtocol

/// Escape injection seen from the other side: a member named with a clear-screen and a
/// window-title escape joins; the host's real `swipe` client (under tmux) shows "Eve", the screen
/// is not cleared and the pane title is not hijacked.
@Suite(.serialized) struct SecurityEscapeScreenTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    @Test(.enabled(if: tmux != nil, "tmux is not installed: the screen check needs it"))
    func theOtherClientsScreenShowsTheNameWithoutItsEscapes() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-esc-\(tag)",
                                        command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck movies --pacing lockstep --name Ann")
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()

        let eve = try ServerRawSocket(port: server.port)
        _ = try eve.upgrade(path: "/")
        eve.sendFrame(opcode: 1, try WireCodec.encode(ClientMessage.join(JoinRoom(room: RoomCode(code), name: SecurityEscapeInjectionTests.evilName))))
        let screen = try #require(try ann.waitFor("Eve"), "Ann never saw Eve join")
        #expect(!screen.contains("pwn"), "the OSC payload reached the screen:\n\(screen)")
        #expect(!screen.contains("[2J"), "the CSI reached the screen as text:\n\(screen)")
        #expect(screen.contains("press s to start") && screen.contains(code), "the screen was cleared:\n\(screen)")
        let title = try clientRun(tmux, ann.tmuxArguments(["display-message", "-p", "-t", ann.name, "#{pane_title}"])).output
        #expect(!title.contains("pwn"), "the pane title was hijacked: \(title)")
        #expect(server.terminate() == 0)
    }
}
