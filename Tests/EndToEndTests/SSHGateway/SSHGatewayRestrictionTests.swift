import Foundation
import Testing

/// The client in the gateway, as a host over ssh would use it: the export shows the room's links
/// and writes no file on the gateway's host, and Ctrl-Z does not stop it (no job control).
@Suite(.serialized) struct SSHGatewayRestrictionTests {
    @Test(.enabled(if: SSHGatewayProcess.usable && SSHGatewayGroupTests.tmux != nil, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func theExportIsLinksAndCtrlZDoesNothing() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup(extra: ["--public", "ws://swipe.example.org:7681"])
        let (gateway, key, tag) = (setup.gateway, setup.key, setup.tag)
        let eve = try ClientTmuxSession(tmux: tmux, name: "ssh-eve-\(tag)", columns: 120, rows: 30,
                                        command: gateway.sshLine(key: key, "create --deck movies --name Eve"))
        defer { eve.kill() }
        let code = try eve.lobbyRoomCode()
        // With --public the ssh members' lobby shows swipe join with the public address.
        #expect(try eve.waitFor("swipe join ws://swipe.example.org:7681/\(code)") != nil, "the lobby lacks the public swipe join line")

        try eve.keys("e")
        let links = "results: http://swipe.example.org:7681/rooms/\(code)/results.csv and .json"
        #expect(try eve.waitFor(links) != nil, "the export did not show the room's links:\n\((try? eve.screen()) ?? "")")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: "/"))?.filter { $0.hasPrefix("swipe-results-") } ?? []
        #expect(written.isEmpty, "the export wrote files on the gateway's host: \(written)")

        try eve.keys("C-z")
        try eve.keys("s")
        #expect(try eve.waitFor("Card 1 of") != nil, "after Ctrl-Z the client no longer runs:\n\((try? eve.screen()) ?? "")")
        #expect(!(try eve.screen()).contains("SWIPE-EXITED"))
    }

    /// No command: the menu. Create with a deck pasted one option per line (nothing read from
    /// the gateway's files), the name asked once for the key.
    @Test(.enabled(if: SSHGatewayProcess.usable && SSHGatewayGroupTests.tmux != nil, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func theMenuCreatesARoomFromAPastedDeck() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup()
        let (gateway, key, tag) = (setup.gateway, setup.key, setup.tag)
        let gus = try ClientTmuxSession(tmux: tmux, name: "ssh-gus-\(tag)", command: gateway.sshLine(key: key, ""))
        defer { gus.kill() }
        #expect(try gus.waitFor("create a room", seconds: 20) != nil, "no menu:\n\((try? gus.screen()) ?? "")")
        #expect(try gus.screen().contains("SHA256:"), "the menu does not name the key")
        for line in ["c", "", "Pho — noodle soup", "Tacos", "."] {
            try gus.keys("-l", line)
            try gus.keys("Enter")
        }
        #expect(try gus.waitFor("Your name in the room") != nil, "no name asked:\n\((try? gus.screen()) ?? "")")
        try gus.keys("-l", "Gus")
        try gus.keys("Enter")
        let lobby = try gus.waitFor("press s to start", seconds: 20)
        #expect(lobby?.contains("2 cards") == true, "the pasted deck is not the room's:\n\(lobby ?? (try? gus.screen()) ?? "")")
    }
}
