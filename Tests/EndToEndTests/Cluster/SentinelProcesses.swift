import Foundation

/// `redis-cli -p PORT [-a PASSWORD] WORDS…`'s output (empty when it cannot run or connect).
func redisCLI(port: Int, password: String? = nil, _ words: [String]) -> String {
    let cli = Process()
    cli.executableURL = URL(fileURLWithPath: "/usr/bin/redis-cli")
    cli.arguments = ["-p", "\(port)"] + (password.map { ["--no-auth-warning", "-a", $0] } ?? []) + words
    cli.environment = ["PATH": "/usr/bin:/bin"]
    let pipe = Pipe()
    cli.standardOutput = pipe
    cli.standardError = FileHandle.nullDevice
    guard (try? cli.run()) != nil else { return "" }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    cli.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
}

/// A Redis primary with two replicas, three Sentinels watching it (down after `downAfter`, 2 s) and swipe-server
/// nodes that find it through them (`--store redis-sentinel://…/main --store-replicas 1`), all on
/// 127.0.0.1 free ports, stopped by pid.
final class SentinelCluster {
    static let master = "main"
    let directory: String
    /// The three Redis servers; `redis[0]` starts as the primary.
    var redis: [HelperProcess] = []
    let redisPorts: [Int]
    var sentinels: [HelperProcess] = []
    let sentinelPorts: [Int]
    var nodes: [ServerProcess] = []
    /// The Sentinels' own password (`requirepass` in sentinel.conf; nil: none).
    let sentinelPassword: String?
    /// What every node is started with (`--store redis-sentinel://…` and the rest).
    let nodeArguments: [String]

    /// The Sentinels' `down-after-milliseconds` and `failover-timeout`.
    let downAfter: Int
    static let failoverTimeout = 3000

    /// `downAfter` 2000, as OPERATIONS.md advises: at 1000, the Sentinels' own PING period, a
    /// Sentinel that has just switched to the promoted replica may take it as down before its first
    /// PING is answered and fail over again (seen in 1 of 4 kills on this machine; SCALING.md).
    init(nodes count: Int = 2, replicasAskedFor: Int = 1, sentinelPassword: String? = nil, nodeEnvironment: [String: String] = [:],
         downAfter: Int = 2000) throws {
        self.sentinelPassword = sentinelPassword
        self.downAfter = downAfter
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-sentinel-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        redisPorts = try (0..<3).map { _ in try freeLoopbackPort() }
        sentinelPorts = try (0..<3).map { _ in try freeLoopbackPort() }
        for index in redisPorts.indices {
            redis.append(try Self.startRedis(port: redisPorts[index], folder: directory + "/redis\(index)", replicaOf: index > 0 ? redisPorts[0] : nil))
        }
        for (index, port) in sentinelPorts.enumerated() {
            let config = directory + "/sentinel\(index).conf"
            try """
                port \(port)
                bind 127.0.0.1
                dir \(directory)
                sentinel monitor \(Self.master) 127.0.0.1 \(redisPorts[0]) 2
                sentinel down-after-milliseconds \(Self.master) \(downAfter)
                sentinel failover-timeout \(Self.master) \(Self.failoverTimeout)
                sentinel parallel-syncs \(Self.master) 2
                \(sentinelPassword.map { "requirepass \"\($0)\"\nsentinel sentinel-pass \"\($0)\"" } ?? "")

                """.write(toFile: config, atomically: true, encoding: .utf8)
            sentinels.append(try HelperProcess("redis-sentinel", [config], port: port, logPath: directory + "/sentinel\(index).log"))
        }
        let store = "redis-sentinel://" + sentinelPorts.map { "127.0.0.1:\($0)" }.joined(separator: ",") + "/\(Self.master)"
        nodeArguments = ["--store", store, "--store-replicas", "\(replicasAskedFor)", "--durability", "full", "--restart-grace", "5",
                         "--log-level", "notice"]   // "store … is back (primary HOST:PORT)": which primary each node found
        // Both replicas in step, and every Sentinel knowing both replicas and the two other
        // Sentinels: only then can they agree on a failover.
        // A Sentinel learns a primary's replicas from its INFO, asked every 10 s, and the other
        // Sentinels from hello messages every 2 s: seeing both replicas can take two INFO rounds,
        // more on a loaded machine (20 s was once too short in a full CI run).
        guard ProcessProbe.eventually(timeout: 60, { self.replicasInStep(of: self.redisPorts[0]) == 2 && self.sentinelsReady() }) else {
            throw ServerProcess.Failure(description: "the Sentinels did not find the replicas and each other within 60 s")
        }
        for index in 0..<count {
            nodes.append(try ServerProcess(arguments: nodeArguments + ["--node-id", "n\(index + 1)"], stderrPath: directory + "/node\(index + 1).log",
                                           environment: nodeEnvironment))
        }
    }

    /// Starts `redis[index]` on its port and folder (appendfsync always), as a replica of the
    /// Redis on `replicaOf` if given; its log goes on in the same file.
    func startRedis(_ index: Int, replicaOf primary: Int?) throws -> HelperProcess {
        try Self.startRedis(port: redisPorts[index], folder: directory + "/redis\(index)", replicaOf: primary)
    }

    private static func startRedis(port: Int, folder: String, replicaOf primary: Int?) throws -> HelperProcess {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var arguments = ["--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
                         "--appendfsync", "always", "--dir", folder, "--logfile", folder + "/redis.log"]
        if let primary { arguments += ["--replicaof", "127.0.0.1", "\(primary)"] }
        return try HelperProcess("redis-server", arguments, port: port, logPath: folder + "/stdout.log")
    }

    /// Replicas of the Redis on `port` that are online, as it says in INFO replication.
    func replicasInStep(of port: Int) -> Int {
        redisCLI(port: port, ["INFO", "replication"]).split(whereSeparator: \.isNewline)
            .filter { $0.hasPrefix("slave") && $0.contains("state=online") }.count
    }

    func sentinelsReady() -> Bool {
        sentinelPorts.allSatisfy { port in
            let fields = redisCLI(port: port, password: sentinelPassword, ["SENTINEL", "master", Self.master]).split(whereSeparator: \.isNewline).map(String.init)
            func value(_ name: String) -> String? { fields.firstIndex(of: name).flatMap { $0 + 1 < fields.count ? fields[$0 + 1] : nil } }
            return value("num-slaves") == "2" && value("num-other-sentinels") == "2"
        }
    }

    /// The port of the Redis the first Sentinel names as the primary now.
    func primaryPort() -> Int? {
        let lines = redisCLI(port: sentinelPorts[0], password: sentinelPassword, ["SENTINEL", "get-master-addr-by-name", Self.master]).split(whereSeparator: \.isNewline)
        return lines.count == 2 ? Int(lines[1]) : nil
    }

    /// The index in `redis` of the server on `port`.
    func index(ofPort port: Int) -> Int? { redisPorts.firstIndex(of: port) }

    func url(node index: Int) -> String { "ws://127.0.0.1:\(nodes[index].port)/" }

    func signal(_ number: Int32, redis index: Int) { kill(redis[index].process.processIdentifier, number) }

    func stop() {
        nodes.forEach { _ = $0.terminate() }
        for index in redis.indices { signal(SIGCONT, redis: index) }
        sentinels.forEach { $0.stop() }
        redis.forEach { $0.stop() }
        if ProcessInfo.processInfo.environment["SWIPE_KEEP_CLUSTER_LOGS"] == "1" {
            print("sentinel cluster logs kept in \(directory)")
        } else {
            try? FileManager.default.removeItem(atPath: directory)
        }
    }
}
