// Shell: starts and stops a server child process (swipe-server or nio-peer) and reads its RSS from
// /proc. Runs on the main thread only.
import Foundation

/// A server the benchmark started itself, or one it was pointed at.
///
/// ```swift
/// let server = try ServerProcess.startSwipeServer()
/// print(server.url, server.residentBytes() ?? 0)
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

    /// The resident set size in bytes, from /proc/PID/status (nil without a PID).
    func residentBytes() -> Int? {
        guard let pid, let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    /// CPU seconds (user + system) the server has used, from /proc/PID/stat (nil without a PID).
    func cpuSeconds() -> Double? {
        guard let pid else { return nil }
        return Self.cpuSeconds(statPath: "/proc/\(pid)/stat")
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

    /// Starts `swipe-server` (found next to swipe-bench) on a free port and waits until it accepts.
    static func startSwipeServer(path: String? = nil, extraArguments: [String] = []) throws -> ServerProcess {
        let executable = path ?? ownDirectory().appendingPathComponent("swipe-server").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchError.missing("swipe-server not found at \(executable) (build it: swift build -c release --product swipe-server, or pass --url)")
        }
        let port = try freePort()
        let process = try launch(executable, ["--host", "127.0.0.1", "--port", String(port)] + extraArguments, log: "swipe-server")
        try waitUntilAccepting(port: port, process: process, name: "swipe-server")
        return ServerProcess(url: "ws://127.0.0.1:\(port)/", pid: process.processIdentifier, name: "swipe-server", process: process)
    }

    /// Starts the NIO peer on a free port and waits until it accepts.
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
        let port = try freePort()
        let process = try launch(executable, ["--host", "127.0.0.1", "--port", String(port)], log: "nio-peer")
        try waitUntilAccepting(port: port, process: process, name: "nio-peer")
        return ServerProcess(url: "ws://127.0.0.1:\(port)/", pid: process.processIdentifier, name: "nio-peer", process: process)
    }

    private static func launch(_ executable: String, _ arguments: [String], log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let logPath = NSTemporaryDirectory() + "swipe-bench-\(log)-\(getpid()).log"
        FileManager.default.createFile(atPath: logPath, contents: nil)
        let logFile = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = logFile
        process.standardError = logFile
        process.standardInput = FileHandle.nullDevice
        try process.run()
        FileHandle.standardError.write(Data("swipe-bench: started \(log) (pid \(process.processIdentifier), log \(logPath))\n".utf8))
        return process
    }

    /// A port nobody listens on right now (bind to 0, read it back, close).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError.system("socket() failed: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw BenchError.system("bind() failed: errno \(errno)") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw BenchError.system("getsockname() failed: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
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
