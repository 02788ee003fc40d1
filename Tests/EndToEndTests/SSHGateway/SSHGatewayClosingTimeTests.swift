import Foundation
import SwipeClient
import SwipeProtocol
import Testing

/// A room with a closing time over the real sshd and gateway: a key joins it and votes, then
/// `rooms` lists it for that key (open until …, its progress; after the close, decided → winner),
/// and `results CODE` prints the winner, neither needing a terminal or a slot.
@Suite(.serialized) struct SSHGatewayClosingTimeTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    @Test(.enabled(if: SSHGatewayProcess.usable && tmux != nil, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func aKeysRoomsAndResultsOverSSH() throws {
        guard let tmux = Self.tmux else { return }
        let setup = try SSHGatewaySetup()
        let closing = ClosingTimeServerTests.closing(in: 25)
        let ann = DecisionMember(name: "Ann") { setup.server.url }
        let code = try ann.connect(.create(CreateRoom(name: "Ann", cards: ClosingTimeServerTests.cards, closesAt: closing.text))).room.code.rawValue
        try ann.vote("pho", .right)
        ann.close()
        let eve = try ClientTmuxSession(tmux: tmux, name: "ssh-eve-closing-\(setup.tag)", command: setup.gateway.sshLine(key: setup.key, "join \(code) --name Eve"))
        defer { eve.kill() }
        #expect(try eve.waitFor("votes sealed", seconds: 20) != nil, "Eve's room did not open:\n\((try? eve.screen()) ?? "")")
        try eve.keys("l")
        // Her progress beside her name (the host's crown, too: Ann left, so the room is Eve's to host).
        let voted: Bool? = try clientPoll(seconds: 10) {
            try eve.screen().split(separator: "\n").contains { $0.contains("Eve (you)") && $0.contains("1/3") } ? true : nil
        }
        #expect(voted == true, "no progress:\n\((try? eve.screen()) ?? "")")
        try eve.keys("q")
        #expect(try eve.waitFor("SWIPE-EXITED") != nil)

        let open = try setup.ssh(terminal: false, command: ["rooms"])
        #expect(open.status == 0 && open.output.contains(code) && open.output.contains("open until") && open.output.contains("Eve 1/3"),
                "rooms before the close: \(open.status) \(open.output) \(open.output.count)")
        while Date() < closing.at.addingTimeInterval(1.5) { usleep(100_000) }
        let results = try setup.ssh(terminal: false, command: ["results", code])
        #expect(results.status == 0 && results.output.contains("Winner: Pho"), "results: \(results.status) \(results.output)")
        let decided = try setup.ssh(terminal: false, command: ["rooms"])
        #expect(decided.status == 0 && decided.output.contains("decided → Pho"), "rooms after the close: \(decided.output)")
        let unknown = try setup.ssh(terminal: false, command: ["results", "ABCD-EFGH-JK"])
        #expect(unknown.status == 2, "an unknown room: \(unknown.status) \(unknown.output)")
    }
}
