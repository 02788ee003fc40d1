import Foundation
import Testing

/// The gateway from the attacker's side: no shell, no forwarding, no other user, no host file, and
/// no login without a key unless guests are let in.
@Suite(.serialized) struct SSHGatewayAttackerTests {
    @Test(.enabled(if: SSHGatewayProcess.usable, "needs root, /usr/sbin/sshd and /usr/bin/ssh (scripts/setup.sh installs openssh-server and openssh-client)"))
    func aCommandRunsNoShell() throws {
        let setup = try SSHGatewaySetup()
        for terminal in [true, false] {
            let run = try setup.ssh(terminal: terminal, command: ["sh", "-c", "id"])
            #expect(!run.output.contains("uid="), "a shell ran: \(run.output)")
            #expect(run.status != 0, "sh -c id ended 0: \(run.output)")
        }
        let sftp = try setup.ssh(terminal: false, ["-s"], command: ["sftp"])
        #expect(sftp.status != 0 && !sftp.output.contains("uid="), "the sftp subsystem ran: \(sftp.output)")
    }

    @Test(.enabled(if: SSHGatewayProcess.usable, "needs root, /usr/sbin/sshd and /usr/bin/ssh (scripts/setup.sh installs openssh-server and openssh-client)"))
    func withoutATerminalOneLineSaysToUseDashT() throws {
        let setup = try SSHGatewaySetup()
        let run = try setup.ssh(terminal: false, command: ["K7QM-X4TD-9R"])
        #expect(run.status != 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 1 && run.output.contains("-t"), "expected one line about ssh -t, got: \(run.output)")
    }

    @Test(.enabled(if: SSHGatewayProcess.usable, "needs root, /usr/sbin/sshd and /usr/bin/ssh (scripts/setup.sh installs openssh-server and openssh-client)"))
    func noForwardingOfAnyKind() throws {
        let setup = try SSHGatewaySetup()
        // -W: stdio forwarding to the server's own port is refused.
        let stdio = try setup.ssh(terminal: false, ["-W", "127.0.0.1:\(setup.server.port)"])
        #expect(stdio.status != 0, "ssh -W was let through: \(stdio.output)")
        #expect(!stdio.output.contains("HTTP/"), "ssh -W reached the server: \(stdio.output)")
        // -L: the local end listens (that is the member's machine), but nothing comes through it.
        let local = try freeLoopbackPort()
        let tunnel = try setup.gateway.background(key: setup.key, ["-N", "-L", "127.0.0.1:\(local):127.0.0.1:\(setup.server.port)"])
        defer { kill(tunnel.processIdentifier, SIGKILL); tunnel.waitUntilExit() }   // ssh's SIGTERM is blocked (Process passes the mask on)
        let answer: String? = clientPoll(seconds: 10) { Self.askThrough(port: local) }
        #expect(answer != nil && !answer!.contains("HTTP/"), "a -L tunnel reached the server: \(answer ?? "it never listened")")
    }

    /// Connects to 127.0.0.1:`port`, asks for /healthz and returns what came back before the other
    /// end closed or 3 s passed ("" for nothing); nil while nothing listens there.
    static func askThrough(port: Int) -> String? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { return nil }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array("GET /healthz HTTP/1.0\r\n\r\n".utf8)
        _ = send(fd, request, request.count, Int32(MSG_NOSIGNAL))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }

    @Test(.enabled(if: SSHGatewayProcess.usable, "needs root, /usr/sbin/sshd and /usr/bin/ssh (scripts/setup.sh installs openssh-server and openssh-client)"), arguments: ["root", "nobody", "swipedeck-nobody"])
    func otherUsersAreRefused(_ user: String) throws {
        let setup = try SSHGatewaySetup(guests: true)
        let run = try setup.ssh(user: user, terminal: false, command: ["decks"])
        #expect(run.status == 255 && run.output.contains("Permission denied"), "\(user)@ was not refused: \(run.status) \(run.output)")
    }

    @Test(.enabled(if: SSHGatewayProcess.usable, "needs root, /usr/sbin/sshd and /usr/bin/ssh (scripts/setup.sh installs openssh-server and openssh-client)"))
    func aDeckFileOfTheHostIsRefused() throws {
        let setup = try SSHGatewaySetup()
        for deck in ["/etc/passwd", "-", "../../etc/shadow", "x.txt"] {
            let run = try setup.ssh(command: ["create", "--deck", deck, "--name", "Eve"])
            #expect(run.status == 64, "create --deck \(deck) was not refused: \(run.status) \(run.output)")
            #expect(run.output.contains("not read over ssh") && !run.output.contains("root:"), "create --deck \(deck): \(run.output)")
        }
        let format = try setup.ssh(command: ["create", "--deck", "movies", "--deck-format", "text", "--name", "Eve"])
        #expect(format.status == 64 && format.output.contains("not read over ssh"), "--deck-format: \(format.output)")
    }

    @Test(.enabled(if: SSHGatewayProcess.usable, "needs root, /usr/sbin/sshd and /usr/bin/ssh (scripts/setup.sh installs openssh-server and openssh-client)"))
    func guestsOnlyWhenLetIn() throws {
        let closed = try SSHGatewaySetup()
        let refused = try closed.ssh(user: "guest", key: .some(nil), terminal: false, command: ["decks"])
        #expect(refused.status == 255 && refused.output.contains("Permission denied"), "guest got in without --guests: \(refused.output)")
        let noKey = try closed.ssh(key: .some(nil), terminal: false, command: ["decks"])
        #expect(noKey.status == 255, "swipe@ got in without a key: \(noKey.output)")

        let open = try SSHGatewaySetup(guests: true)
        let guest = try open.ssh(user: "guest", key: .some(nil), terminal: false, command: ["decks"])
        #expect(guest.status == 0 && guest.output.contains("movies"), "a guest could not log in with --guests: \(guest.status) \(guest.output)")
    }

    /// A stranger holding every session: past --max-sessions a login from another address is told
    /// the gateway is full (and ends), and the slot is free again once the holder's connection ends.
    @Test(.enabled(if: SSHGatewayProcess.usable && SSHGatewayGroupTests.tmux != nil, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func pastTheSessionCapALoginIsToldTheGatewayIsFull() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup(extra: ["--max-sessions", "1"])
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let holder = try ClientTmuxSession(tmux: tmux, name: "ssh-hold-\(tag)", command: setup.gateway.sshLine(key: setup.key, ""))
        defer { holder.kill() }
        #expect(try holder.waitFor("create a room", seconds: 20) != nil, "the menu never showed:\n\((try? holder.screen()) ?? "")")
        let other = try setup.makeKey("other")
        let second = try setup.ssh(key: other, ["-b", "127.0.0.3"], command: ["K7QM-X4TD-9R"])
        #expect(second.status == 75 && second.output.contains("the gateway is full"), "a login past the cap: \(second.status) \(second.output)")
        try holder.keys("q")
        try holder.keys("Enter")
        #expect(try holder.waitFor("SWIPE-EXITED 0") != nil, "q did not leave the menu")
        let third: Bool? = try clientPoll(seconds: 10) {
            let login = try setup.ssh(key: other, ["-b", "127.0.0.3"], command: ["join", "K7QM-X4TD-9R", "--name", "Eve"])   // takes a slot; no such room
            return login.status != 75 && !login.output.contains("the gateway is full") ? true : nil
        }
        #expect(third == true, "the slot was not freed")
    }
}
