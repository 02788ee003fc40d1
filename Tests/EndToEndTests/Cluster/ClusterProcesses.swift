import Foundation

/// A free TCP port on 127.0.0.1 (bound to 0, read, released) for servers that cannot pick their own.
func freeLoopbackPort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ServerProcess.Failure(description: "socket() failed") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
            bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
        }
    }
    guard bound else { throw ServerProcess.Failure(description: "cannot bind a port on 127.0.0.1") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
func acceptsConnections(port: Int) -> Bool {
    (try? ServerRawSocket(port: port, timeout: 1)) != nil
}

/// A program the cluster tests start and stop by pid (redis-server, haproxy).
final class HelperProcess {
    let process = Process()
    let name: String

    /// Starts `program` (looked up in /usr/bin, /usr/sbin, /usr/local/bin) and waits until `port` accepts connections.
    init(_ program: String, _ arguments: [String], port: Int, environment: [String: String] = [:], logPath: String) throws {
        name = program
        guard let path = ["/usr/bin/", "/usr/sbin/", "/usr/local/bin/"].map({ $0 + program })
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw ServerProcess.Failure(description: "\(program) is not installed (scripts/setup.sh installs it)")
        }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: logPath)
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
        guard ProcessProbe.eventually(timeout: 20, { acceptsConnections(port: port) || !process.isRunning }), process.isRunning else {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw ServerProcess.Failure(description: "\(program) did not start on port \(port): \(log.suffix(600))")
        }
    }

    /// SIGKILL, then waits (bounded) until it is gone.
    func killHard() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops it by pid. SIGKILL: a child of the test process inherits a signal mask in which SIGTERM
    /// may be blocked (redis-server was seen ignoring it); with appendfsync always Redis has nothing unwritten.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// Redis, three swipe-server nodes on it and HAProxy in front (deploy/haproxy.cfg), all on 127.0.0.1.
final class LocalCluster {
    let directory: String
    let redisPort: Int
    var redis: HelperProcess
    var nodes: [ServerProcess]
    var proxy: HelperProcess?
    let proxyPort: Int
    let nodeArguments: [String]

    init(nodes count: Int = 3, proxy withProxy: Bool = true, extraNodeArguments: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-cluster-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        redisPort = try freeLoopbackPort()
        redis = try Self.startRedis(port: redisPort, directory: directory)
        nodeArguments = ["--store", "redis://127.0.0.1:\(redisPort)", "--durability", "full", "--restart-grace", "5"] + extraNodeArguments
        nodes = []
        for index in 0..<count { nodes.append(try Self.startNode(index, arguments: nodeArguments, directory: directory)) }
        proxyPort = try freeLoopbackPort()
        if withProxy { proxy = try startProxy() }
    }

    static func startRedis(port: Int, directory: String) throws -> HelperProcess {
        try HelperProcess("redis-server", ["--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
                                           "--appendfsync", "always", "--dir", directory],
                          port: port, logPath: directory + "/redis.log")
    }

    static func startNode(_ index: Int, arguments: [String], directory: String) throws -> ServerProcess {
        try ServerProcess(arguments: arguments + ["--node-id", "n\(index + 1)"], stderrPath: directory + "/node\(index + 1).log")
    }

    private func startProxy() throws -> HelperProcess {
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../deploy/haproxy.cfg").standardized.path
        var environment = ["SWIPE_PROXY_BIND": "127.0.0.1:\(proxyPort)"]
        for (index, node) in nodes.enumerated() { environment["SWIPE_NODE\(index + 1)"] = "127.0.0.1:\(node.port)" }
        return try HelperProcess("haproxy", ["-f", config, "-db"], port: proxyPort, environment: environment, logPath: directory + "/haproxy.log")
    }

    func url(node index: Int) -> String { "ws://127.0.0.1:\(nodes[index].port)/" }
    var proxyURL: String { "ws://127.0.0.1:\(proxyPort)/" }

    /// SIGKILLs node `index` and starts a fresh one (a new port) in its place.
    func replaceNode(_ index: Int) throws {
        nodes[index].killHard()
        nodes[index] = try Self.startNode(index, arguments: nodeArguments, directory: directory)
    }

    /// SIGKILLs Redis and starts it again on the same port and append-only file.
    func crashRedis() throws {
        redis.killHard()
        redis = try Self.startRedis(port: redisPort, directory: directory)
    }

    func stop() {
        proxy?.stop()
        nodes.forEach { _ = $0.terminate() }
        redis.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
