// Shell: starts and stops a server child process (swipe-server or nio-peer) and reads its RSS from
// /proc. Runs on the main thread only.
import Foundation

/// A server the benchmark started itself, or one it was pointed at.
///
/// ```swift
/// let server = try ServerProcess.startSwipeServer()
/// print(server.url, server.pid.flatMap(ServerProcess.residentBytes(pid:)) ?? 0)
/// server.stop()
/// ```
final class ServerProcess {
    let url: String
    let pid: Int32?
    let name: String
    private let process: Process?

    init(url: String, pid: Int32?, name: String, process: Process? = nil) {
        self.url = url
        self.pid = pid
        self.name = name
        self.process = process
    }

    /// The resident set size in bytes of process `pid`, from /proc/PID/status (nil if it cannot be read).
    ///
    /// ```swift
    /// ServerProcess.residentBytes(pid: getpid())   // this process's VmRSS
    /// ```
    static func residentBytes(pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    /// CPU seconds (user + system) process `pid` has used, from /proc/PID/stat (nil if it cannot be read).
    ///
    /// ```swift
    /// ServerProcess.cpuSeconds(pid: getpid())   // this process's CPU time so far
    /// ```
    static func cpuSeconds(pid: Int32) -> Double? {
        cpuSeconds(statPath: "/proc/\(pid)/stat")
    }

    static func cpuSeconds(statPath: String) -> Double? {
        guard let stat = try? String(contentsOfFile: statPath, encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime 14 and stime 15 (1-based over the whole line).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The directory holding this executable (from /proc/self/exe).
    static func ownDirectory() -> URL {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }

    /// Starts `swipe-server` (found next to swipe-bench) on port 0 and waits until it says where it listens.
    static func startSwipeServer(path: String? = nil, data: String = ":memory:", extraArguments: [String] = []) throws -> ServerProcess {
        let executable = path ?? ownDirectory().appendingPathComponent("swipe-server").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchError.missing("swipe-server not found at \(executable) (build it: swift build -c release --product swipe-server, or pass --url)")
        }
        let (process, log) = try launch(executable, ["--host", "127.0.0.1", "--port", "0", "--data", data,
                                                  "--max-connections-per-address", "0", "--max-rooms-per-address", "0"] + extraArguments, log: "swipe-server")
        let port = try waitForListeningPort(log: log, process: process, name: "swipe-server")
        return ServerProcess(url: "ws://127.0.0.1:\(port)/", pid: process.processIdentifier, name: "swipe-server", process: process)
    }

    /// Starts the NIO peer on port 0 and waits until it says where it listens.
    static func startNIOPeer(path: String?) throws -> ServerProcess {
        let candidates = [path].compactMap { $0 } + [
            ownDirectory().appendingPathComponent("nio-peer").path,
            FileManager.default.currentDirectoryPath + "/benchmarks/nio-peer/.build/release/nio-peer",
            ownDirectory().appendingPathComponent("../../benchmarks/nio-peer/.build/release/nio-peer").standardized.path,
        ]
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw BenchError.missing("nio-peer not found (looked in \(candidates.joined(separator: ", "))); build it: "
                + "swift build -c release --package-path benchmarks/nio-peer, or pass --nio-url")
        }
        let (process, log) = try launch(executable, ["--host", "127.0.0.1", "--port", "0"], log: "nio-peer")
        let port = try waitForListeningPort(log: log, process: process, name: "nio-peer")
        return ServerProcess(url: "ws://127.0.0.1:\(port)/", pid: process.processIdentifier, name: "nio-peer", process: process)
    }

    /// Starts lws-floor (benchmarks/lws-floor) on a free port.
    static func startLWSFloor(path: String?) throws -> ServerProcess {
        let candidates = [path].compactMap { $0 } + [
            FileManager.default.currentDirectoryPath + "/benchmarks/lws-floor/.build/lws-floor",
            ownDirectory().appendingPathComponent("../../benchmarks/lws-floor/.build/lws-floor").standardized.path,
        ]
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw BenchError.missing("lws-floor not found (looked in \(candidates.joined(separator: ", "))); build it: "
                + "bash benchmarks/lws-floor/build.sh, or pass --floor-url")
        }
        let (process, log) = try launch(executable, ["--port", "0"], log: "lws-floor")
        let port = try waitForListeningPort(log: log, process: process, name: "lws-floor")
        return ServerProcess(url: "ws://127.0.0.1:\(port)/", pid: process.processIdentifier, name: "lws-floor", process: process)
    }

    private static func launch(_ executable: String, _ arguments: [String], log: String) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let logPath = NSTemporaryDirectory() + "swipe-bench-\(log)-\(getpid()).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let logFile = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = logFile
        process.standardError = logFile
        process.standardInput = FileHandle.nullDevice
        try process.run()
        FileHandle.standardError.write(Data("swipe-bench: started \(log) (pid \(process.processIdentifier), log \(logPath))\n".utf8))
        return (process, logPath)
    }

    /// Waits until the server logs "listening on [ws://]127.0.0.1:PORT" and accepts on PORT.
    static func waitForListeningPort(log: String, process: Process, name: String, timeout: Double = 20) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard process.isRunning else {
                throw BenchError.system("\(name) exited with status \(process.terminationStatus) before listening (see \(log))")
            }
            if let text = try? String(contentsOfFile: log, encoding: .utf8), let port = listeningPort(in: text) {
                try waitUntilAccepting(port: port, process: process, name: name, timeout: deadline.timeIntervalSinceNow)
                return port
            }
            usleep(20_000)
        }
        process.terminate()
        throw BenchError.system("\(name) did not report \"listening on …\" within \(Int(timeout)) s (see \(log))")
    }

    /// The port in the first "listening on [ws://]HOST:PORT" of a log.
    static func listeningPort(in text: String) -> Int? {
        guard let range = text.range(of: "listening on ") else { return nil }
        var rest = text[range.upperBound...]
        if rest.hasPrefix("ws://") { rest = rest.dropFirst(5) }
        let address = rest.prefix { !$0.isWhitespace && $0 != "/" }
        guard let colon = address.lastIndex(of: ":") else { return nil }
        return Int(address[address.index(after: colon)...])
    }

    static func waitUntilAccepting(port: Int, process: Process, name: String, timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard process.isRunning else {
                throw BenchError.system("\(name) exited with status \(process.terminationStatus) before listening")
            }
            if RawSocket.canConnect(port: port) { return }
            usleep(50_000)
        }
        process.terminate()
        throw BenchError.system("\(name) did not accept connections on port \(port) within \(Int(timeout)) s")
    }
}

/// Why the benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
    case missing(String)
    case system(String)
    case usage(String)

    var description: String {
        switch self {
        case .missing(let what), .system(let what), .usage(let what): return what
        }
    }
}
