import Foundation
import Testing

/// One stranger with one address and any number of keys takes at most its own share of the
/// gateway: sessions per source address, a key's stuck session replaced, menus nobody types at
/// closed, connections that open no session ended, slot files shared by both login users.
/// Sources are loopback addresses (ssh -b 127.0.0.x): each is its own address to sshd.
@Suite(.serialized) struct SSHGatewayShareTests {
    static var usable: Bool { SSHGatewayProcess.usable && SSHGatewayGroupTests.tmux != nil }

    /// A login that sits at the menu, from `address`, with `key`.
    static func holdMenu(_ setup: SSHGatewaySetup, tmux: String, key: String, from address: String, name: String) throws -> ClientTmuxSession {
        let session = try ClientTmuxSession(tmux: tmux, name: "\(name)-\(setup.tag)",
                                            command: setup.gateway.sshLine(key: key, options: ["-b", address], ""))
        guard try session.waitFor("create a room", seconds: 20) != nil else {
            session.kill()
            throw ClientTestError("\(name) never reached the menu:\n\((try? session.screen()) ?? "")")
        }
        return session
    }

    @Test(.enabled(if: usable, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func oneAddressHoldingItsShareLeavesRoomForAnotherAddressWhoseMemberGetsInAndVotes() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup(extra: ["--max-sessions", "6", "--max-sessions-per-address", "2"])
        // The stranger: three keys, one address; two sessions held at the menu.
        var held: [ClientTmuxSession] = []
        defer { held.forEach { $0.kill() } }
        for i in 0..<2 {
            held.append(try Self.holdMenu(setup, tmux: tmux, key: try setup.makeKey("stranger\(i)"), from: "127.0.0.5", name: "ssh-share-s\(i)"))
        }
        let third = try setup.ssh(key: try setup.makeKey("stranger2"), ["-b", "127.0.0.5"], command: ["K7QM-X4TD-9R"])
        #expect(third.status == 75, "a third session from the stranger's address was let in: \(third.status) \(third.output)")
        #expect(third.output.contains("too many sessions from your address (2)"), "the refusal does not say why: \(third.output)")

        // A member from another address gets in, creates a room and votes.
        let ann = try ClientTmuxSession(tmux: tmux, name: "ssh-share-ann-\(setup.tag)",
                                        command: setup.gateway.sshLine(key: try setup.makeKey("ann"), options: ["-b", "127.0.0.6"],
                                                                       "create --deck movies --pictures off --name Ann"))
        defer { ann.kill() }
        #expect(try ann.waitFor("press s to start", seconds: 20) != nil, "Ann never reached her lobby:\n\((try? ann.screen()) ?? "")")
        try ann.keys("s")
        try ClientGroupDecisionTmuxTests.vote([ann], card: 1, of: 8, "l")
        #expect(try ann.waitFor("MATCHES 1") != nil, "Ann's vote did not count:\n\((try? ann.screen()) ?? "")")
    }

    @Test(.enabled(if: usable, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func theSameKeyReturningReplacesItsStuckSession() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup(extra: ["--max-sessions-per-address", "1"])
        let old = try Self.holdMenu(setup, tmux: tmux, key: setup.key, from: "127.0.0.7", name: "ssh-replace-old")
        defer { old.kill() }
        // Another key from the same address is refused: the share is 1 …
        let other = try setup.ssh(key: try setup.makeKey("other"), ["-b", "127.0.0.7"], command: ["K7QM-X4TD-9R"])
        #expect(other.status == 75 && other.output.contains("too many sessions from your address (1)"), "\(other.status) \(other.output)")
        // `decks` with the same key (from elsewhere) runs no client: the session stays.
        let decks = try setup.ssh(terminal: false, ["-b", "127.0.0.22"], command: ["decks"])
        #expect(decks.status == 0 && decks.output.contains("movies"), "decks: \(decks.status) \(decks.output)")
        #expect(!(try old.screen()).contains("SWIPE-EXITED"), "decks with the same key ended the key's session")
        // … but the same key comes back: its old session ends, the new one has the menu.
        let again = try Self.holdMenu(setup, tmux: tmux, key: setup.key, from: "127.0.0.7", name: "ssh-replace-new")
        defer { again.kill() }
        #expect(try old.waitFor("SWIPE-EXITED", seconds: 15) != nil, "the old session is still held:\n\((try? old.screen()) ?? "")")
    }

    @Test(.enabled(if: usable, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func aMenuNobodyTypesAtEndsSayingSoAndGivesBackItsSlot() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup(extra: ["--max-sessions", "1", "--idle-timeout", "2"])
        let idle = try Self.holdMenu(setup, tmux: tmux, key: setup.key, from: "127.0.0.8", name: "ssh-idle")
        defer { idle.kill() }
        let (status, screen) = try idle.exited(seconds: 20)
        #expect(status == 75, "an idle menu ended with \(status):\n\(screen)")
        #expect(screen.contains("nothing typed for 2 s"), "the idle end does not say so:\n\(screen)")
        let next = try Self.holdMenu(setup, tmux: tmux, key: try setup.makeKey("next"), from: "127.0.0.9", name: "ssh-idle-next")
        next.kill()
    }

    @Test(.enabled(if: SSHGatewayProcess.usable, "needs root, /usr/sbin/sshd and /usr/bin/ssh"))
    func connectionsThatOpenNoSessionEnd() throws {
        let setup = try SSHGatewaySetup()
        var tunnels: [Process] = []
        defer { tunnels.forEach { kill($0.processIdentifier, SIGKILL); $0.waitUntilExit() } }
        for _ in 0..<5 { tunnels.append(try setup.gateway.background(key: setup.key, ["-N", "-b", "127.0.0.10"])) }
        // UnusedConnectionTimeout 10: sshd closes each within seconds of its login.
        let ended: Bool? = clientPoll(seconds: 45) { tunnels.allSatisfy { !$0.isRunning } ? true : nil }
        #expect(ended == true, "\(tunnels.filter(\.isRunning).count) of 5 ssh -N connections are still up after 45 s")
    }

    /// Under swipe-ssh.service's umask 0077, two guests make every slot file; then a key login
    /// still finds a free slot (before: the files were guest's 0600, and the gateway read "full").
    @Test(.enabled(if: usable, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func slotFilesAreSharedByBothLoginUsersWhateverTheUmask() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup(guests: true, extra: ["--max-sessions", "2", "--max-sessions-per-address", "2"], umask: "077")
        var guests: [ClientTmuxSession] = []
        defer { guests.forEach { $0.kill() } }
        for i in 0..<2 {
            let guest = try ClientTmuxSession(tmux: tmux, name: "ssh-umask-g\(i)-\(setup.tag)",
                                              command: setup.gateway.sshLine(user: "guest", key: nil, options: ["-b", "127.0.0.11"], ""))
            guests.append(guest)
            #expect(try guest.waitFor("create a room", seconds: 20) != nil, "guest \(i) never reached the menu:\n\((try? guest.screen()) ?? "")")
        }
        for guest in guests {
            try guest.keys("q")
            try guest.keys("Enter")
            _ = try guest.exited(seconds: 10)
        }
        let sessions = setup.gateway.state + "/sessions"
        let files = try FileManager.default.contentsOfDirectory(atPath: sessions)
        #expect(files.contains("slot-1"), "the guests did not make both slots: \(files)")
        for file in files {
            let mode = (try FileManager.default.attributesOfItem(atPath: sessions + "/" + file)[.posixPermissions] as? Int) ?? 0
            #expect(mode == 0o660, "\(file) is \(String(mode, radix: 8)), not 0660")
        }
        let member = try Self.holdMenu(setup, tmux: tmux, key: setup.key, from: "127.0.0.11", name: "ssh-umask-key")
        member.kill()
    }

    /// `su guest -c 'gateway …'` (guest's shell is swipe, its password empty) runs nothing and
    /// writes nothing; a gateway started again without --guests locks guest's password again.
    @Test(.enabled(if: SSHGatewayProcess.usable && FileManager.default.isExecutableFile(atPath: "/bin/su"), "needs root, sshd, ssh and su"))
    func suGuestRunsNothingAndDroppingGuestsLocksGuest() throws {
        let open = try SSHGatewaySetup(guests: true)
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-su-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: target) }
        for command in ["gateway --server ws://127.0.0.1:\(open.server.port) --state \(target)", "sh -c id"] {
            let run = try clientRun("/bin/su", ["guest", "-c", command])
            #expect(run.status != 0 && !run.output.contains("uid="), "su guest -c '\(command)' ran: \(run.status) \(run.output)")
            #expect(run.output.contains("runs only the SwipeDeck gateway"), "su guest -c '\(command)': \(run.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: target), "su guest -c 'gateway …' wrote \(target)")
        open.gateway.stop()
        // Only when no other gateway with --guests runs (another suite's, which may start at any
        // moment) is guest locked again: so none may run before the check, nor after it.
        func noGuestGateway() -> Bool {
            let lock = openLockFile("/run/swipedeck-ssh-guests.lock")
            defer { if lock >= 0 { close(lock) } }
            return lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0
        }
        guard noGuestGateway() else { return }
        let closed = try SSHGatewaySetup()
        defer { closed.gateway.stop() }
        let field = try clientRun("/usr/bin/getent", ["shadow", "guest"]).output.split(separator: ":", omittingEmptySubsequences: false)
        guard noGuestGateway() else { return }   // one started meanwhile, and opened guest again, rightly
        #expect(field.count > 1 && field[1] == "*", "guest's password is still \(field.count > 1 ? "\"\(field[1])\"" : "unknown") without --guests")
    }
}

extension SSHGatewayShareTests {
    /// A member's window grown to 8000 × 8000 cells: the session sets its terminal back to
    /// 1000 × 1000 and its memory stays bounded (before: 30 MB grew to 4.4 GB in 20 s).
    @Test(.enabled(if: SSHGatewayShareTests.usable, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func anEnormousWindowIsSetBackToTheBoundAndMemoryStaysBounded() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup()
        let eve = try ClientTmuxSession(tmux: tmux, name: "ssh-huge-\(setup.tag)",
                                        command: setup.gateway.sshLine(key: setup.key, options: ["-b", "127.0.0.12"],
                                                                       "create --deck movies --pictures off --name Eve"))
        defer { eve.kill() }
        #expect(try eve.waitFor("press s to start", seconds: 20) != nil, "no lobby:\n\((try? eve.screen()) ?? "")")
        let pid = try #require(Self.sessionProcess(port: setup.gateway.port), "no swipe process for the session")
        try clientRun(tmux, eve.tmuxArguments(["resize-window", "-t", eve.name, "-x", "8000", "-y", "8000"]), capture: false)
        let size: [Int]? = clientPoll(seconds: 10) {
            let cells = Self.terminalSize(of: pid)
            return cells == [1000, 1000] ? cells : nil
        }
        #expect(size == [1000, 1000], "the session's terminal is \(Self.terminalSize(of: pid) ?? []), not 1000 × 1000")
        Thread.sleep(forTimeInterval: 2)   // frames of the new size are drawn (the bound is what is measured, not a speed)
        let rss = Self.residentMegabytes(of: pid) ?? 0
        #expect(rss > 0 && rss < 600, "the session holds \(rss) MB at 8000 × 8000")
    }

    /// The `swipe` process of a session on the gateway at `port` (its $SSH_CONNECTION ends with it).
    static func sessionProcess(port: Int) -> pid_t? {
        clientPoll(seconds: 10) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return names.compactMap { pid_t($0) }.first { pid in
                guard (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "swipe\n",
                      let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
                return environment.split(separator: 0).contains { String(decoding: $0, as: UTF8.self).hasPrefix("SSH_CONNECTION=") && String(decoding: $0, as: UTF8.self).hasSuffix(" \(port)") }
            }
        }
    }

    /// Columns and rows of `pid`'s terminal (its standard input).
    static func terminalSize(of pid: pid_t) -> [Int]? {
        let fd = open("/proc/\(pid)/fd/0", O_RDONLY | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return [Int(size.ws_col), Int(size.ws_row)]
    }

    static func residentMegabytes(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kilobytes / 1024
    }
}

extension SSHGatewayShareTests {
    /// Member folders unused for --forget-members-after go at the next sweep; so do the least
    /// recently used past --max-members-bytes. The folders' times are set back, not waited for.
    @Test(.enabled(if: SSHGatewayProcess.usable, "needs root, /usr/sbin/sshd and /usr/bin/ssh"))
    func memberFoldersNobodyUsesAreForgotten() throws {
        let setup = try SSHGatewaySetup(extra: ["--max-members-bytes", "1000000"])
        let members = setup.gateway.state + "/members"
        var keys: [String] = []
        for i in 0..<4 {
            let key = try setup.makeKey("passer\(i)")
            keys.append(key)
            let run = try setup.ssh(key: key, terminal: false, command: ["decks"])
            #expect(run.status == 0, "decks: \(run.output)")
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: members).filter { !$0.hasPrefix(".") }
        #expect(folders.count == 4, "four keys, \(folders.count) folders")
        // Two of them unused for 100 days, one holding 2 MB (past the 1 MB cap), and the last sweep long ago.
        let old = Date().addingTimeInterval(-100 * 86_400)
        for folder in folders.sorted().prefix(2) {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: members + "/" + folder)
        }
        let big = folders.sorted()[2]
        try FileManager.default.createDirectory(atPath: members + "/" + big + "/cache", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: members + "/" + big + "/cache/picture", contents: Data(count: 2_000_000))
        _ = try clientRun("/bin/chown", ["-R", "swipe:swipe", members + "/" + big])   // as a member's own cache would be
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: members + "/" + big)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: members + "/.swept")
        // A source seen once, two days ago: its slot file goes too.
        let sessions = setup.gateway.state + "/sessions", stale = sessions + "/v4-203-0-113-9-0"
        FileManager.default.createFile(atPath: stale, contents: nil, attributes: [.posixPermissions: 0o660])
        _ = try clientRun("/bin/chown", ["swipe:swipe", stale])   // as a session of the gateway's would have made it
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-2 * 86_400)], ofItemAtPath: stale)
        let newcomer = try setup.ssh(key: try setup.makeKey("newcomer"), terminal: false, command: ["decks"])
        #expect(newcomer.status == 0)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: members).filter { !$0.hasPrefix(".") })
        #expect(left.count == 2 && left.contains(folders.sorted()[3]) && !left.contains(big),
                "left: \(left.sorted()) (of \(folders.sorted()))")
        #expect(!FileManager.default.fileExists(atPath: stale), "a source's slot file unused for two days is still there")
        #expect(FileManager.default.fileExists(atPath: sessions + "/slot-0"))
    }
}

extension SSHGatewayShareTests {
    /// 30 silent TCP sockets from 3 addresses (10 each, PerSourceMaxStartups) hold logins in
    /// progress; 10 members' logins from a fourth address all get in (before, with MaxStartups
    /// 30:30:200, about 3 in 10 were refused).
    @Test(.enabled(if: SSHGatewayProcess.usable, "needs root, /usr/sbin/sshd and /usr/bin/ssh"))
    func thirtySilentSocketsFromThreeAddressesRefuseNoMember() throws {
        let setup = try SSHGatewaySetup()
        var silent: [Int32] = []
        defer { silent.forEach { close($0) } }
        for address in ["127.0.0.17", "127.0.0.18", "127.0.0.19"] {
            for _ in 0..<10 { if let fd = Self.connect(from: address, port: setup.gateway.port) { silent.append(fd) } }
        }
        #expect(silent.count == 30)
        var refused: [String] = []
        for _ in 0..<10 {
            let run = try setup.ssh(terminal: false, ["-b", "127.0.0.20"], command: ["decks"])
            if run.status != 0 { refused.append("\(run.status) \(run.output)") }
        }
        #expect(refused.isEmpty, "\(refused.count) of 10 logins refused beside 30 silent sockets: \(refused)")
    }

    /// A TCP socket from `source` to 127.0.0.1:`port` that sends nothing.
    static func connect(from source: String, port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var local = sockaddr_in(), remote = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        remote.sin_port = UInt16(port).bigEndian
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) == 0 } }
        let connected = bound && withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, size) == 0 } }
        guard connected else { close(fd); return nil }
        return fd
    }
}

extension SSHGatewayShareTests {
    /// A member's ssh client dies (SIGKILL) while their client is in a room: the session's swipe
    /// process ends within seconds and its slot serves the next login from that address.
    @Test(.enabled(if: SSHGatewayShareTests.usable, "needs root, /usr/sbin/sshd, /usr/bin/ssh and tmux"))
    func aSessionWhoseSSHClientIsGoneEndsAndGivesBackItsSlot() throws {
        guard let tmux = SSHGatewayGroupTests.tmux else { return }
        let setup = try SSHGatewaySetup(extra: ["--max-sessions-per-address", "1"])
        let eve = try ClientTmuxSession(tmux: tmux, name: "ssh-gone-\(setup.tag)",
                                        command: setup.gateway.sshLine(key: setup.key, options: ["-b", "127.0.0.21"],
                                                                       "create --deck movies --pictures off --name Eve"))
        defer { eve.kill() }
        #expect(try eve.waitFor("press s to start", seconds: 20) != nil, "no lobby:\n\((try? eve.screen()) ?? "")")
        let session = try #require(Self.sessionProcess(port: setup.gateway.port), "no swipe process for the session")
        let client = try #require(try eve.childPID(), "no ssh client in the pane")
        kill(client, SIGKILL)
        let killed = Date()
        let gone: Bool? = clientPoll(seconds: 15) { kill(session, 0) != 0 ? true : nil }
        #expect(gone == true, "the session's swipe (pid \(session)) still runs 15 s after its ssh client died")
        print("ssh client gone: the session ended after \(Int(Date().timeIntervalSince(killed) * 1000)) ms")
        let next = try Self.holdMenu(setup, tmux: tmux, key: try setup.makeKey("next"), from: "127.0.0.21", name: "ssh-gone-next")
        next.kill()
    }
}

/// Opens (making it) a lock file for reading.
private func openLockFile(_ path: String) -> Int32 { open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644) }
