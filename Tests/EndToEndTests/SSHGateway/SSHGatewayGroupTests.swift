import Foundation
import Testing

/// Two members over ssh (two keys, through the real sshd with the shipped config) and one local
/// `swipe` decide a card together; a window is resized; an ssh client is killed mid-card and the
/// same key comes back as the same member, with its vote.
@Suite(.serialized) struct SSHGatewayGroupTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    @Test(.enabled(if: SSHGatewayProcess.usable && tmux != nil, "needs root, /usr/sbin/sshd and /usr/bin/ssh (scripts/setup.sh installs openssh-server and openssh-client)"))
    func twoSSHMembersAndALocalOneDecideACardAndAKilledSSHClientComesBackAsItself() throws {
        guard let tmux = Self.tmux else { return }
        let setup = try SSHGatewaySetup(serverArguments: ["--ssh-join", "ssh -t -p 2222 swipe@gateway.example"])
        let (server, gateway, tag) = (setup.server, setup.gateway, setup.tag)
        let boKey = try setup.makeKey("bo"), cyKey = try setup.makeKey("cy")

        let ann = try ClientTmuxSession(tmux: tmux, name: "ssh-ann-\(tag)",
                                        command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck movies --rule unanimous --name Ann")
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()
        #expect(try ann.waitFor("ssh -t -p 2222 swipe@gateway.example \(code)") != nil, "the lobby does not show the server's ssh line")

        // Bo gives his name on the command line; Cy is asked once.
        let bo = try ClientTmuxSession(tmux: tmux, name: "ssh-bo-\(tag)", command: gateway.sshLine(key: boKey, "join \(code) --name Bo"))
        defer { bo.kill() }
        let cy = try ClientTmuxSession(tmux: tmux, name: "ssh-cy-\(tag)", command: gateway.sshLine(key: cyKey, code))
        defer { cy.kill() }
        #expect(try cy.waitFor("Your name in the room") != nil, "Cy was not asked for a name:\n\((try? cy.screen()) ?? "")")
        try cy.keys("-l", "Cy")
        try cy.keys("Enter")
        #expect(try ann.waitFor("3 here", seconds: 20) != nil, "Bo and Cy never reached the lobby:\n\((try? ann.screen()) ?? "")\n\((try? bo.screen()) ?? "")\n\((try? cy.screen()) ?? "")")
        #expect(try bo.waitFor("ssh -t -p 2222 swipe@gateway.example \(code)") != nil, "an ssh member's lobby lacks the ssh line")
        #expect(!(try bo.screen()).contains("ws://127.0.0.1"), "an ssh member is shown the gateway's own server address")
        #expect((try bo.screen()).contains("gateway key SHA256:"), "an ssh member's lobby lacks the gateway's host key:\n\((try? bo.screen()) ?? "")")

        // A resize reaches the client through sshd (window-change).
        try clientRun(tmux, bo.tmuxArguments(["resize-window", "-t", bo.name, "-x", "100", "-y", "30"]), capture: false)
        let wide: Bool? = try clientPoll(seconds: 10) {
            try bo.screen().split(separator: "\n").contains { $0.count > 80 && $0.contains("SwipeDeck") } ? true : nil
        }
        #expect(wide == true, "Bo's screen did not follow the resize:\n\((try? bo.screen()) ?? "")")

        try ann.keys("s")
        try ClientGroupDecisionTmuxTests.vote([bo], card: 1, of: 8, "l")
        #expect(try ann.waitFor("1/3 voted") != nil, "Bo's vote over ssh never reached Ann")

        // Bo's ssh client dies mid-card; he comes back with the same key: same member, vote kept.
        let pid = try #require(try bo.childPID())
        kill(pid, SIGKILL)
        #expect(try ann.waitFor("○ Bo", seconds: 20) != nil, "Ann never saw Bo's connection go")
        let again = try ClientTmuxSession(tmux: tmux, name: "ssh-bo2-\(tag)", command: gateway.sshLine(key: boKey, code))
        defer { again.kill() }
        #expect(try again.waitFor("You voted", seconds: 20) != nil, "Bo came back without his vote:\n\((try? again.screen()) ?? "")")
        #expect(try ann.waitFor("● Bo") != nil, "Ann does not see Bo back")
        let annScreen = try ann.screen()
        #expect(annScreen.contains("GROUP (3)") && annScreen.components(separatedBy: "Bo").count == 2,
                "Bo came back as someone new (one sidebar entry expected):\n\(annScreen)")

        try ClientGroupDecisionTmuxTests.vote([cy, ann], card: 1, of: 8, "l")
        for (who, session) in [("Ann", ann), ("Bo", again), ("Cy", cy)] {
            #expect(try session.waitFor("MATCHES 1") != nil, "\(who)'s screen does not show the match:\n\((try? session.screen()) ?? "")")
        }
    }

    @Test(.enabled(if: SSHGatewayProcess.usable && tmux != nil, "needs root, /usr/sbin/sshd and /usr/bin/ssh (scripts/setup.sh installs openssh-server and openssh-client)"))
    func aWrongCodeSaysSoAndEnds() throws {
        guard let tmux = Self.tmux else { return }
        let setup = try SSHGatewaySetup()
        let (gateway, key, tag) = (setup.gateway, setup.key, setup.tag)
        let dee = try ClientTmuxSession(tmux: tmux, name: "ssh-dee-\(tag)", command: gateway.sshLine(key: key, "join ZZZZ-ZZZZ-ZZ --name Dee"))
        defer { dee.kill() }
        let (status, screen) = try dee.exited(seconds: 20)
        #expect(status != 0, "a wrong code ended with status 0:\n\(screen)")
        #expect(screen.contains("ZZZZ-ZZZZ-ZZ") || screen.lowercased().contains("no such room"), "the wrong code is not named:\n\(screen)")
        // SIGTERM ends the gateway cleanly: sshd and its sessions stop, status 0.
        #expect(setup.gateway.stop() == 0, "scripts/ssh-gateway.sh did not end with 0 on SIGTERM")
    }

    /// A guest (no key, --guests) is a new member each time: nothing is kept between logins, so a
    /// second guest under the first one's name is asked for another (a name is one member's).
    @Test(.enabled(if: SSHGatewayProcess.usable && tmux != nil, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func aGuestIsANewMemberEachTime() throws {
        guard let tmux = Self.tmux else { return }
        let setup = try SSHGatewaySetup(guests: true)
        let ann = try ClientTmuxSession(tmux: tmux, name: "ssh-gann-\(setup.tag)",
                                        command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(setup.server.port) --deck movies --name Ann")
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()
        for (round, expected) in [(1, "GROUP (2)"), (2, "GROUP (3)")] {
            let gil = try ClientTmuxSession(tmux: tmux, name: "ssh-gil\(round)-\(setup.tag)",
                                            command: setup.gateway.sshLine(user: "guest", key: nil, code))
            defer { gil.kill() }
            #expect(try gil.waitFor("Your name in the room", seconds: 20) != nil, "the guest was not asked for a name:\n\((try? gil.screen()) ?? "")")
            try gil.keys("-l", "Gil")
            try gil.keys("Enter")
            if round == 2 {
                // The first Gil is still a member of the room (gone, not removed): the name is his.
                #expect(try gil.waitFor("Gil is already a member", seconds: 20) != nil, "the second Gil was let in under the first one's name:\n\((try? gil.screen()) ?? "")")
                try gil.keys("-l", "Gil 2")
                try gil.keys("Enter")
            }
            #expect(try ann.waitFor(expected, seconds: 20) != nil, "guest login \(round) is not a new member:\n\((try? ann.screen()) ?? "")")
            try gil.keys("q")
            #expect(try gil.waitFor("SWIPE-EXITED") != nil, "the guest's client did not quit")
        }
    }
}
