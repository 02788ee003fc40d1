import Foundation

/// scripts/ssh-gateway.sh on a free port in front of a real server: the real sshd with the shipped
/// config, its own host keys and state in a temporary folder (removed by `stop`). Needs root and
/// /usr/sbin/sshd (CI has both); the tests are skipped, with the reason, otherwise. The login users
/// `swipe` and `guest` are the host's: a gateway started from another checkout at the same time
/// sets their shell to its own `swipe` binary, and this checkout's logins then run that one (seen
/// as "Unknown option '--max-sessions-per-address'"): run one checkout's gateway tests at a time.
final class SSHGatewayProcess {
    static var usable: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd") && ssh != nil }
    static let ssh = clientFindExecutable(["/usr/bin/ssh"])

    let pid: pid_t
    /// The exit status once stopped (-1: it had to be killed).
    private var stopped: Int32?
    let port: Int
    let state: String
    private let output = Pipe()

    /// `guests`: also lets `guest` in with no key. `extra`: more flags for the script. `umask`:
    /// the script (and so sshd and every session) runs under it, as under swipe-ssh.service's 0077.
    init(serverPort: Int, guests: Bool = false, extra: [String] = [], umask: String? = nil) throws {
        port = try freeLoopbackPort()
        state = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-ssh-\(UUID().uuidString)").path
        let root = URL(fileURLWithPath: builtProduct("swipe")).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let arguments = ["--port", "\(port)", "--server", "ws://127.0.0.1:\(serverPort)", "--state", state, "--listen", "127.0.0.1",
                         "--swipe", builtProduct("swipe")] + (guests ? ["--guests"] : []) + extra
        let script = root + "/scripts/ssh-gateway.sh"
        if let umask {
            pid = try Self.spawn("/bin/sh", ["-c", "umask \(umask) && exec \"$0\" \"$@\"", script] + arguments,
                                 output: output.fileHandleForWriting.fileDescriptor)
        } else {
            pid = try Self.spawn(script, arguments, output: output.fileHandleForWriting.fileDescriptor)
        }
        try? output.fileHandleForWriting.close()
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        let handle = output.fileHandleForReading
        while !text.contains("ssh-gateway: listening"), Date() < deadline {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard text.contains("ssh-gateway: listening") else {
            kill(pid, SIGTERM)
            _ = Self.reap(pid, seconds: 10)
            throw ClientTestError("scripts/ssh-gateway.sh did not say it was listening:\n\(text)")
        }
        // sshd logs every login on stderr: drain it so it never blocks on a full pipe.
        handle.readabilityHandler = { _ = $0.availableData }
    }

    /// SIGTERM (the script ends the sessions, stops sshd and ends 0), then the state folder goes.
    @discardableResult
    func stop() -> Int32? {
        if let stopped { return stopped }
        kill(pid, SIGTERM)
        let status = Self.reap(pid, seconds: 10)
        stopped = status ?? -1
        output.fileHandleForReading.readabilityHandler = nil
        try? FileManager.default.removeItem(atPath: state)
        return status
    }

    /// Waits (bounded) for `pid` to exit; its status, or nil (then it is killed).
    static func reap(_ pid: pid_t, seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        return nil
    }

    /// posix_spawn with every signal unblocked and at its default: Foundation's Process passes on
    /// the test thread's blocked mask, and a shell cannot trap a blocked SIGTERM.
    static func spawn(_ path: String, _ arguments: [String], output: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard result == 0 else { throw ClientTestError("posix_spawn \(path): \(String(cString: strerror(result)))") }
        return pid
    }

    /// `ssh` as a member types it, without the machine's ssh config or known hosts.
    func ssh(user: String = "swipe", key: String?, terminal: Bool = true, _ rest: [String] = []) -> [String] {
        ["-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
         "-o", "SendEnv=LANG", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10", "-p", "\(port)"]
            + (key.map { ["-i", $0, "-o", "IdentitiesOnly=yes"] } ?? ["-o", "PubkeyAuthentication=no", "-o", "IdentityFile=none"])
            + (terminal ? ["-tt"] : ["-T"]) + rest + ["\(user)@127.0.0.1"]
    }

    /// `ssh` without a terminal, in the background, its input and output nowhere (a tunnel, `-N`).
    /// Its SIGTERM is blocked (Process passes the test thread's mask on): end it with SIGKILL.
    func background(key: String?, _ options: [String], command: [String] = []) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.ssh ?? "/usr/bin/ssh")
        process.arguments = ssh(key: key, terminal: false, options) + command
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The same as one shell line, for a tmux session. The tmux server started by the tests
    /// inherits Foundation's blocked signal mask, and an ssh with SIGWINCH blocked never sends a
    /// window change: perl (Debian's perl-base) clears the mask first, as a real terminal has it.
    func sshLine(user: String = "swipe", key: String?, options: [String] = [], _ command: String) -> String {
        let unblock = "/usr/bin/perl -MPOSIX -e 'sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die; exec @ARGV or die' --"
        return ([unblock] + (Self.ssh.map { [$0] } ?? []) + ssh(user: user, key: key, options)).joined(separator: " ") + " " + command
    }

    /// A fresh ed25519 key (no passphrase) in `folder`.
    static func makeKey(_ folder: String, name: String) throws -> String {
        let path = folder + "/" + name
        let made = try clientRun("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", name, "-f", path])
        guard made.status == 0 else { throw ClientTestError("ssh-keygen failed: \(made.output)") }
        return path
    }

    /// A temporary folder for keys, removed by the caller.
    static func keyFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-ssh-keys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// A server, a gateway in front of it, and a folder of keys (one made for `eve`), all stopped and
/// removed when the setup goes.
final class SSHGatewaySetup {
    let server: ServerProcess
    let gateway: SSHGatewayProcess
    let folder: String
    let key: String
    let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)

    init(serverArguments: [String] = [], guests: Bool = false, extra: [String] = [], umask: String? = nil) throws {
        let server = try ServerProcess(arguments: serverArguments)
        // A failed start leaves nothing running (this object's deinit never runs for a throwing init).
        do {
            gateway = try SSHGatewayProcess(serverPort: server.port, guests: guests, extra: extra, umask: umask)
        } catch {
            server.stop()
            throw error
        }
        self.server = server
        do {
            folder = try SSHGatewayProcess.keyFolder()
            key = try SSHGatewayProcess.makeKey(folder, name: "eve")
        } catch {
            gateway.stop()
            server.stop()
            throw error
        }
    }

    /// Another member's key.
    func makeKey(_ name: String) throws -> String { try SSHGatewayProcess.makeKey(folder, name: name) }

    /// Runs ssh to the gateway (the setup's key unless `key` says otherwise; `.some(nil)`: none).
    func ssh(user: String = "swipe", key: String?? = .none, terminal: Bool = true, _ options: [String] = [], command: [String] = []) throws -> (status: Int32, output: String) {
        let chosen: String? = switch key { case .none: self.key; case let .some(value): value }
        return try clientRun(SSHGatewayProcess.ssh ?? "/usr/bin/ssh", gateway.ssh(user: user, key: chosen, terminal: terminal, options) + command)
    }

    deinit {
        gateway.stop()
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
