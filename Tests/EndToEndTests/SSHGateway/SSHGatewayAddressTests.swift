import Foundation
import SwipeProtocol
import Testing

/// Each ssh member is its own address to the server: the gateway's connections come from
/// 127.0.0.2 (`--from`), which the server alone trusts (`--trust-proxy 127.0.0.2`), with sshd's
/// client address in `X-Forwarded-For`. The server's per-address limits then hold per ssh source.
@Suite(.serialized) struct SSHGatewayAddressTests {
    static var usable: Bool { SSHGatewayProcess.usable && SSHGatewayGroupTests.tmux != nil }

    static func setup(_ serverArguments: [String]) throws -> SSHGatewaySetup {
        try SSHGatewaySetup(serverArguments: ["--trust-proxy", "127.0.0.2"] + serverArguments, extra: ["--from", "127.0.0.2"])
    }

    /// A stranger with ten keys guesses 30 room codes over ssh from one address (ten at a time,
    /// its share): past --failed-joins-per-minute (20) its joins are slowed (30 s apart here); a
    /// member from another address with the right code reaches the lobby without waiting (today
    /// every ssh member is 127.0.0.1, and would wait the 30 s).
    @Test(.enabled(if: usable, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func aStrangerGuessingCodesOverSSHSlowsOnlyItself() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try Self.setup(["--failed-joins-per-minute", "20", "--slowed-join-interval", "30"])
        let ann = try ClientTmuxSession(tmux: tmux, name: "ssh-addr-ann-\(setup.tag)",
                                        command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(setup.server.port) --deck movies --name Ann")
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()
        let keys = try (0..<10).map { try setup.makeKey("guesser\($0)") }
        var guessers: [Process] = []
        defer { guessers.forEach { kill($0.processIdentifier, SIGKILL); $0.waitUntilExit() } }
        func guess(_ batch: Int, count: Int) throws -> [Process] {
            try (0..<count).map { i in
                try setup.gateway.background(key: keys[i], ["-b", "127.0.0.13", "-tt"],
                                             command: ["join", "ZZZZ-ZZZ\(batch)-Z\(Array("23456789AB")[i])", "--name", "Eve"])
            }
        }
        // 20 wrong codes, ten at a time: each ends at once ("no room").
        for batch in 2...3 {
            let wave = try guess(batch, count: 10)
            guessers += wave
            let done: Bool? = clientPoll(seconds: 30) { wave.allSatisfy { !$0.isRunning } ? true : nil }
            #expect(done == true, "wrong codes over ssh did not end: \(wave.filter(\.isRunning).count) of 10 still running")
        }
        // The 21st is slowed (20 failed in the last minute), and so are nine more.
        let slowed = try ClientTmuxSession(tmux: tmux, name: "ssh-addr-eve-\(setup.tag)",
                                           command: setup.gateway.sshLine(key: keys[9], options: ["-b", "127.0.0.13"], "join ZZZZ-ZZZ5-Z9 --name Eve"))
        defer { slowed.kill() }
        #expect(try slowed.waitFor("slowing joins", seconds: 20) != nil, "the guesser's address is not slowed:\n\((try? slowed.screen()) ?? "")")
        guessers += try guess(4, count: 9)

        let bo = try ClientTmuxSession(tmux: tmux, name: "ssh-addr-bo-\(setup.tag)",
                                       command: setup.gateway.sshLine(key: try setup.makeKey("bo"), options: ["-b", "127.0.0.14"], "join \(code) --name Bo"))
        defer { bo.kill() }
        let lobby: String? = try clientPoll(seconds: 20) {
            let screen = try bo.screen()
            if screen.contains("slowing joins") { return "slowed:\n" + screen }
            return screen.contains("GROUP (2)") ? "lobby" : nil
        }
        #expect(lobby == "lobby", "Bo, from another address with the right code, did not get in at once: \(lobby ?? ((try? bo.screen()) ?? ""))")
    }

    /// A stranger holding its cap of rooms (2 here) from one ssh source; a create from another
    /// source works, and the refusal names the stranger's own address.
    @Test(.enabled(if: usable, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func heldCreatesFromOneSourceLeaveOthersFreeToCreate() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try Self.setup(["--max-rooms-per-address", "2"])
        var rooms: [ClientTmuxSession] = []
        defer { rooms.forEach { $0.kill() } }
        for i in 0..<2 {
            let room = try ClientTmuxSession(tmux: tmux, name: "ssh-addr-r\(i)-\(setup.tag)",
                                             command: setup.gateway.sshLine(key: try setup.makeKey("holder\(i)"), options: ["-b", "127.0.0.15"],
                                                                            "create --deck movies --pictures off --name Eve"))
            rooms.append(room)
            #expect(try room.waitFor("press s to start", seconds: 20) != nil, "the stranger's room \(i) was not created:\n\((try? room.screen()) ?? "")")
        }
        let third = try ClientTmuxSession(tmux: tmux, name: "ssh-addr-r2-\(setup.tag)",
                                          command: setup.gateway.sshLine(key: try setup.makeKey("holder2"), options: ["-b", "127.0.0.15"],
                                                                         "create --deck movies --pictures off --name Eve"))
        defer { third.kill() }
        let (status, screen) = try third.exited(seconds: 20)
        #expect(status != 0 && screen.contains("127.0.0.15 already has 2 open rooms"), "the third room: \(status)\n\(screen)")

        let ann = try ClientTmuxSession(tmux: tmux, name: "ssh-addr-ann2-\(setup.tag)",
                                        command: setup.gateway.sshLine(key: try setup.makeKey("ann"), options: ["-b", "127.0.0.16"],
                                                                       "create --deck movies --pictures off --name Ann"))
        defer { ann.kill() }
        #expect(try ann.waitFor("press s to start", seconds: 20) != nil, "a member from another source could not create:\n\((try? ann.screen()) ?? "")")
    }

    /// Two keys' members are told apart on every screen: beside each ssh member's name, the first
    /// characters of their key's fingerprint, which the gateway sends from the one address the
    /// server trusts for it.
    @Test(.enabled(if: usable, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func eachKeysMemberWearsItsKeysTag() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try Self.setup([])
        let ann = try ClientTmuxSession(tmux: tmux, name: "ssh-tag-ann-\(setup.tag)",
                                        command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(setup.server.port) --deck movies --pacing free --name Ann")
        defer { ann.kill() }
        let code = try #require(try ann.waitFor("Card 1 of").flatMap { screen in
            screen.range(of: #"[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}"#, options: .regularExpression).map { String(screen[$0]) }
        }, "Ann's room did not open")
        let boKey = try setup.makeKey("bo")
        let bo = try ClientTmuxSession(tmux: tmux, name: "ssh-tag-bo-\(setup.tag)", command: setup.gateway.sshLine(key: boKey, "join \(code) --name Bo"))
        defer { bo.kill() }
        let fingerprint = try clientRun("/usr/bin/ssh-keygen", ["-lf", boKey + ".pub"]).output
        let tag = try #require(fingerprint.split(separator: " ").dropFirst().first.flatMap { KeyTag.tag(ofFingerprint: String($0)) }, "\(fingerprint)")
        // Ann (not through the gateway) wears none; Bo's line on Ann's screen carries his key's tag.
        let seen: Bool? = try clientPoll(seconds: 20) {
            try ann.screen().split(separator: "\n").contains { $0.contains("Bo ·\(tag)") } ? true : nil
        }
        #expect(seen == true, "no tag beside Bo on Ann's screen:\n\((try? ann.screen()) ?? "")")
        #expect(!((try? ann.screen()) ?? "").contains("Ann (you) ·"), "Ann came from no gateway")
    }
}
