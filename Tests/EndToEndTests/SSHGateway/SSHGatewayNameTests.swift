import Foundation
import Testing

/// A name is one member's: a second key joining a room as "Ann" while Ann is in it is told the
/// name is taken and asked for another (over ssh, and with the local `swipe join`).
@Suite(.serialized) struct SSHGatewayNameTests {
    @Test(.enabled(if: SSHGatewayProcess.usable && SSHGatewayGroupTests.tmux != nil, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func aSecondAnnIsRefusedAndAskedForAnotherName() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup()
        let ann = try ClientTmuxSession(tmux: tmux, name: "ssh-name-ann-\(setup.tag)",
                                        command: setup.gateway.sshLine(key: setup.key, "create --deck movies --pictures off --name Ann"))
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()

        let other = try ClientTmuxSession(tmux: tmux, name: "ssh-name-other-\(setup.tag)",
                                          command: setup.gateway.sshLine(key: try setup.makeKey("impostor"), "join \(code) --name ann"))
        defer { other.kill() }
        let asked = try other.waitFor("Your name in the room", seconds: 20)
        #expect(asked?.contains("ann is already a member of room \(code)") == true, "the second Ann was not refused by name:\n\((try? other.screen()) ?? "")")
        try other.keys("-l", "Ann B")
        try other.keys("Enter")
        #expect(try ann.waitFor("Ann B", seconds: 20) != nil, "the renamed member never reached the room:\n\((try? ann.screen()) ?? "")")
        #expect(try ann.waitFor("GROUP (2)") != nil)

        // The local client: the same refusal, and another name asked on the terminal.
        let local = try ClientTmuxSession(tmux: tmux, name: "ssh-name-local-\(setup.tag)",
                                          command: "\(builtProduct("swipe")) join ws://127.0.0.1:\(setup.server.port)/\(code) --name ANN")
        defer { local.kill() }
        let again = try local.waitFor("Another name", seconds: 20)
        #expect(again?.contains("ANN is already a member") == true, "swipe join did not ask for another name:\n\((try? local.screen()) ?? "")")
        try local.keys("-l", "Cy")
        try local.keys("Enter")
        #expect(try ann.waitFor("GROUP (3)", seconds: 20) != nil, "Cy never reached the room:\n\((try? ann.screen()) ?? "")")
    }
}
