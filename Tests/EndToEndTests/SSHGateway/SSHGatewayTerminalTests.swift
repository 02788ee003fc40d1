import Foundation
import Testing

/// The whole client through ssh, as a member's own terminal drives it: a mouse drag becomes a
/// vote, `COLORTERM` (sent with ssh's SendEnv, taken by the gateway's AcceptEnv) brings 24-bit
/// colour, `NO_COLOR` takes every colour away, and Arabic and emoji reach the screen.
@Suite(.serialized) struct SSHGatewayTerminalTests {
    /// Whether `screen` (captured with its escapes) sets any foreground colour: 256-colour, 24-bit or basic.
    static func setsColour(_ screen: String) -> Bool {
        screen.contains("[38;5;") || screen.contains("[38;2;") || screen.contains(";38;5;") || screen.contains(";38;2;")
            || (30...37).contains { screen.contains("[\($0)m") }
    }

    static func escapedScreen(_ session: ClientTmuxSession, tmux: String) throws -> String {
        try clientRun(tmux, session.tmuxArguments(["capture-pane", "-p", "-e", "-t", session.name])).output
    }

    @Test(.enabled(if: SSHGatewayProcess.usable && SSHGatewayGroupTests.tmux != nil, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func mouseTrueColourNoColourArabicAndEmojiReachTheMember() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup()
        let (gateway, key, tag) = (setup.gateway, setup.key, setup.tag)

        // Eve's terminal says it has 24-bit colour; she drags the top card with the mouse.
        let eve = try ClientTmuxSession(tmux: tmux, name: "ssh-term-eve-\(tag)",
                                        command: "env -u NO_COLOR COLORTERM=truecolor "
                                            + gateway.sshLine(key: key, options: ["-o", "SendEnv=COLORTERM"],
                                                              "create --deck movies --pictures symbols --name Eve"))
        defer { eve.kill() }
        _ = try eve.lobbyRoomCode()
        try eve.keys("s")
        #expect(try eve.waitFor("Card 1 of", seconds: 20) != nil, "no first card:\n\((try? eve.screen()) ?? "")")
        let trueColour = try clientPoll(seconds: 10) { () -> String? in
            let screen = try Self.escapedScreen(eve, tmux: tmux)
            return screen.contains("38;2;") ? screen : nil
        }
        #expect(trueColour != nil, "no 24-bit colour through ssh with COLORTERM=truecolor")
        var reports = ["\u{1B}[<0;29;11M"]
        for column in stride(from: 33, through: 49, by: 4) { reports.append("\u{1B}[<32;\(column);11M") }
        reports.append("\u{1B}[<0;49;11m")
        try eve.raw(reports)
        // Eve is alone: her like decides the card at once, a match.
        #expect(try eve.waitFor("MATCHES 1") != nil, "the mouse drag over ssh did not become a vote:\n\((try? eve.screen()) ?? "")")

        // Another member's terminal asks for no colour; the deck and the name are Arabic, CJK and emoji.
        let other = try SSHGatewayProcess.makeKey(setup.folder, name: "noor")
        let noor = try ClientTmuxSession(tmux: tmux, name: "ssh-term-noor-\(tag)",
                                         command: "env NO_COLOR=1 " + gateway.sshLine(key: other, options: ["-o", "SendEnv=NO_COLOR"],
                                                                                      "create --deck world-cinema --pictures off --name \"'نور 🎬'\""))   // quoted for ssh's remote command line
        defer { noor.kill() }
        let lobby = try noor.waitFor("press s to start", seconds: 20)
        #expect(lobby != nil, "no lobby:\n\((try? noor.screen()) ?? "")")
        try noor.keys("s")
        let card = try #require(try noor.waitFor("Card 1 of", seconds: 20), "no first card:\n\((try? noor.screen()) ?? "")")
        #expect(card.contains("🎬"), "the emoji in the name did not reach the screen:\n\(card)")
        let arabic = card.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) || (0xFE70...0xFEFF).contains($0.value) }
        #expect(arabic, "no Arabic on the screen:\n\(card)")
        #expect(card.contains("千と千尋の神隠し") || card.contains("Spirited Away"), "the first card is not the deck's:\n\(card)")
        #expect(!Self.setsColour(try Self.escapedScreen(noor, tmux: tmux)), "NO_COLOR over ssh still drew colours")
    }
}
