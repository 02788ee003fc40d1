import Foundation

/// Runs a command and returns its output (stdout and stderr together). With `capture: false` the
/// output goes nowhere: needed for `tmux new-session`, whose server inherits the descriptors and
/// would keep a pipe open forever.
@discardableResult
func clientRun(_ executable: String, _ arguments: [String], capture: Bool = true) throws -> (status: Int32, output: String) {
    let pipe = Pipe()
    let process = try clientLaunch {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = capture ? pipe : FileHandle.nullDevice
        process.standardError = capture ? pipe : FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        return process
    }
    let data = capture ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Starts the process `make` builds, again (a new one) when the spawn failed with EBADF: on Linux,
/// Foundation's `Process.run` lists the descriptors open in this process for the child to close,
/// and another test thread closing one of them before `posix_spawn` makes the spawn fail with
/// "Bad file descriptor" (seen once in a full parallel run launching tmux). Nothing was started then.
func clientLaunch(_ make: () -> Process) throws -> Process {
    var attempt = 0
    while true {
        let process = make()
        do {
            try process.run()
            return process
        } catch let error as NSError where attempt < 4 && clientIsBadDescriptor(error) {
            attempt += 1
        }
    }
}

/// EBADF, as Foundation reports it (itself, or under a Cocoa error).
func clientIsBadDescriptor(_ error: NSError) -> Bool {
    if error.domain == NSPOSIXErrorDomain, error.code == Int(EBADF) { return true }
    guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
    return underlying.domain == NSPOSIXErrorDomain && underlying.code == Int(EBADF)
}

/// The first of `paths` that exists.
func clientFindExecutable(_ paths: [String]) -> String? {
    paths.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Polls `probe` every 50 ms until it returns a value or `seconds` pass.
func clientPoll<T>(seconds: Double, _ probe: () throws -> T?) rethrows -> T? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if let value = try probe() { return value }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return try probe()
}

struct ClientTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One `swipe` running in a detached tmux session, on a tmux server of its own (`-L`), so tests
/// never race another tmux server starting or exiting.
struct ClientTmuxSession {
    let tmux: String
    let name: String
    /// The client's picture cache (XDG_CACHE_HOME), removed by `kill()`.
    let cacheHome: String

    /// `stateHome`: the client's XDG_STATE_HOME (where it keeps its memberships); by default one of
    /// its own under the temporary directory, so no test reads or writes the user's. The picture
    /// cache (XDG_CACHE_HOME) is the session's own too, and COLORTERM is unset (a test that wants
    /// 24-bit colour sets it in `command`).
    init(tmux: String, name: String, columns: Int = 80, rows: Int = 24, stateHome: String? = nil, command: String) throws {
        self.tmux = tmux
        self.name = name
        let temporary = FileManager.default.temporaryDirectory
        let state = stateHome ?? temporary.appendingPathComponent("swipe-state-\(name)").path
        let cache = temporary.appendingPathComponent("swipe-cache-\(name)").path
        cacheHome = cache
        let full = "env -u COLORTERM XDG_STATE_HOME=\(state) XDG_CACHE_HOME=\(cache) TERM=xterm-256color LANG=C.UTF-8 \(command); echo SWIPE-EXITED $?; sleep 60"
        // The tmux server this starts inherits Foundation's exit-watch descriptor, so waiting for
        // `new-session` would last as long as the server: start it, then poll `has-session`.
        _ = try clientLaunch {
            let starter = Process()
            starter.executableURL = URL(fileURLWithPath: tmux)
            starter.arguments = ["-L", name, "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", full]
            starter.standardInput = FileHandle.nullDevice
            starter.standardOutput = FileHandle.nullDevice
            starter.standardError = FileHandle.nullDevice
            return starter
        }
        let arguments = ["-L", name, "has-session", "-t", name]
        let started: Bool? = try clientPoll(seconds: 10) { try clientRun(tmux, arguments, capture: false).status == 0 ? true : nil }
        guard started == true else { throw ClientTestError("tmux session \(name) did not start") }
    }

    func tmuxArguments(_ rest: [String]) -> [String] { ["-L", name] + rest }

    func screen() throws -> String { try clientRun(tmux, tmuxArguments(["capture-pane", "-p", "-t", name])).output }

    func keys(_ keys: String...) throws { try clientRun(tmux, tmuxArguments(["send-keys", "-t", name] + keys), capture: false) }

    /// Sends raw bytes (mouse reports), each report ~50 ms apart so none is lost.
    func raw(_ sequences: [String]) throws {
        for sequence in sequences {
            try clientRun(tmux, tmuxArguments(["send-keys", "-t", name, "-l", sequence]), capture: false)
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The screen with wrapped lines joined (a long stderr line reads as one).
    func joinedScreen() throws -> String { try clientRun(tmux, tmuxArguments(["capture-pane", "-p", "-J", "-t", name])).output }

    /// A tmux format for the pane, e.g. `#{mouse_any_flag}` (1 while the program tracks the mouse)
    /// or `#{alternate_on}` (1 while it is on the alternate screen).
    func pane(_ format: String) throws -> String {
        try clientRun(tmux, tmuxArguments(["display", "-p", "-t", name, format])).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process id of the program the pane's shell started (`swipe`), once it runs.
    func childPID() throws -> Int32? {
        guard let shell = Int32(try pane("#{pane_pid}")) else { return nil }
        return try clientPoll(seconds: 5) {
            Int32(try clientRun("/usr/bin/pgrep", ["-P", "\(shell)", "-n"]).output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Waits until the screen contains `text`; returns the screen, or nil after `seconds`.
    func waitFor(_ text: String, seconds: Double = 10) throws -> String? {
        try clientPoll(seconds: seconds) {
            let s = try screen()
            return s.contains(text) ? s : nil
        }
    }

    /// Waits until the client has exited (the session prints `SWIPE-EXITED status`): its exit
    /// status and the whole screen with wrapped lines joined (the stderr line may be long).
    func exited(seconds: Double = 10) throws -> (status: Int32, screen: String) {
        guard try waitFor("SWIPE-EXITED", seconds: seconds) != nil else { throw ClientTestError("the client did not exit") }
        let screen = try joinedScreen()
        guard let line = screen.range(of: #"SWIPE-EXITED \d+"#, options: .regularExpression),
              let status = Int32(screen[line].dropFirst("SWIPE-EXITED ".count)) else {
            throw ClientTestError("no exit status on screen:\n\(screen)")
        }
        return (status, screen)
    }

    /// The host's lobby, once it shows: the room code in it (`swipe create` sessions).
    func lobbyRoomCode() throws -> String {
        guard let lobby = try waitFor("press s to start") else { throw ClientTestError("Ann's client never showed the lobby") }
        guard let code = lobby.range(of: #"[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}"#, options: .regularExpression) else {
            throw ClientTestError("no room code in the lobby:\n\(lobby)")
        }
        return String(lobby[code])
    }

    /// Ends the session and its tmux server (SIGKILL if the server lingers).
    func kill() {
        let pid = (try? clientRun(tmux, tmuxArguments(["display", "-p", "#{pid}"])).output)
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        _ = try? clientRun(tmux, tmuxArguments(["kill-server"]), capture: false)
        try? FileManager.default.removeItem(atPath: cacheHome)
        guard let pid, pid > 1 else { return }
        let gone: Bool? = clientPoll(seconds: 2) { Foundation.kill(pid, 0) != 0 ? true : nil }
        if gone == nil { Foundation.kill(pid, SIGKILL) }
    }
}

/// A real `swipe-server` whose deck library also holds one deck file (`name`.json with `json`),
/// written to a temporary folder that `stop` removes with the server.
struct ClientDeckServer {
    let server: ServerProcess
    let folder: URL
    var port: Int { server.port }

    init(deck name: String, json: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-decks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: folder.appendingPathComponent(name + ".json"))
        server = try ServerProcess(arguments: ["--decks", folder.path])
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
