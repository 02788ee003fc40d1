import Foundation

/// The real `swipe-server` binary on 127.0.0.1 with an ephemeral port, read from its first stdout line.
final class ServerProcess {
    struct Failure: Error, CustomStringConvertible { var description: String }

    let process = Process()
    let port: Int
    private let output = Pipe()

    /// The debug `swipe-server`, or the one named by `SWIPE_SERVER_BINARY`.
    static var binary: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["SWIPE_SERVER_BINARY"] ?? builtProduct("swipe-server"))
    }

    /// `stderrPath`: where the server's log goes (default: nowhere). `shellLimits`: `ulimit`
    /// commands run by /bin/sh before it execs the server (e.g. `["ulimit -n 160"]`); SIGXFSZ is
    /// then ignored, so a write past `ulimit -f` fails with EFBIG like a full disk. `environment`:
    /// variables added to the test's own.
    init(arguments: [String] = [], stderrPath: String? = nil, shellLimits: [String] = [], environment: [String: String] = [:]) throws {
        // No durable log unless a test asks for one (never the user's state directory).
        let data = arguments.contains("--data") || arguments.contains("--store") ? [] : ["--data", ":memory:"]
        let serverArguments = ["--port", "0", "--log-level", "error"] + data + arguments
        if shellLimits.isEmpty {
            process.executableURL = Self.binary
            process.arguments = serverArguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let script = (shellLimits + ["trap '' XFSZ", "exec \"$0\" \"$@\""]).joined(separator: "; ")
            process.arguments = ["-c", script, Self.binary.path] + serverArguments
        }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = output
        if let stderrPath {
            _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: stderrPath)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        // The first line is "listening on 127.0.0.1:PORT"; wait for it with a deadline.
        var line = ""
        let deadline = Date().addingTimeInterval(20)
        let handle = output.fileHandleForReading
        while !line.contains("\n"), Date() < deadline, process.isRunning {
            let data = handle.availableData
            if data.isEmpty { break }
            line += String(decoding: data, as: UTF8.self)
        }
        guard let first = line.split(separator: "\n").first, first.hasPrefix("listening on "),
              let port = first.split(separator: ":").last.flatMap({ Int($0) }) else {
            process.terminate()
            throw Failure(description: "swipe-server did not print its port (got \"\(line)\")")
        }
        self.port = port
    }

    var url: String { "ws://127.0.0.1:\(port)/" }

    /// Sends SIGTERM and waits (bounded) for the exit status.
    func terminate(timeout: Double = 30) -> Int32? {   // a loaded machine (the whole suite at once) can take its time
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Stops the server (SIGTERM, then waits for it to exit).
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
