import Foundation

/// When the Sentinels switched the primary: one `redis-cli SUBSCRIBE +switch-master` per Sentinel
/// (stopped by pid), each message stamped as it arrives. A failover is timed from the first
/// Sentinel that announces it (the leader), not from the kill, so a loaded machine's slower
/// Sentinel vote does not count against the nodes.
///
/// ```swift
/// let watch = try SentinelSwitchWatch(ports: cluster.sentinelPorts)
/// let killed = Date()
/// cluster.redis[0].killHard()
/// let (at, message) = try #require(watch.firstSwitch(after: killed, timeout: 30))   // "main 127.0.0.1 6379 127.0.0.1 6380"
/// ```
final class SentinelSwitchWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var switches: [(at: Date, message: String)] = []
    private var listeners: [Process] = []
    /// What each Sentinel's listener wrote after its last whole line.
    private var partial: [Int: String] = [:]
    /// The Sentinels that confirmed the subscription.
    private var subscribed: Set<Int> = []

    init(ports: [Int], password: String? = nil) throws {
        for port in ports {
            let cli = Process()
            cli.executableURL = URL(fileURLWithPath: "/usr/bin/redis-cli")
            cli.arguments = ["-p", "\(port)"] + (password.map { ["--no-auth-warning", "-a", $0] } ?? []) + ["SUBSCRIBE", "+switch-master"]
            cli.environment = ["PATH": "/usr/bin:/bin"]
            let pipe = Pipe()
            cli.standardOutput = pipe
            cli.standardError = FileHandle.nullDevice
            // redis-cli writes each reply as it comes, one word a line: "message", the channel, the text.
            pipe.fileHandleForReading.readabilityHandler = { [unowned self] handle in
                let data = handle.availableData
                guard !data.isEmpty else { handle.readabilityHandler = nil; return }
                received(String(decoding: data, as: UTF8.self), from: port, at: Date())
            }
            try cli.run()
            listeners.append(cli)
        }
        // Subscribed once each Sentinel confirmed ("subscribe", the channel, 1: Sentinels have no PUBSUB to ask).
        guard ProcessProbe.eventually(timeout: 10, { lock.withLock { subscribed.count == ports.count } }) else {
            stop()
            throw ServerProcess.Failure(description: "redis-cli did not subscribe to +switch-master on every Sentinel")
        }
    }

    private func received(_ text: String, from port: Int, at time: Date) {
        lock.withLock {
            var lines = ((partial[port] ?? "") + text).components(separatedBy: "\n")
            partial[port] = lines.removeLast()
            if lines.contains("+switch-master") { subscribed.insert(port) }
            for line in lines where line.split(separator: " ").count == 5 { switches.append((time, line)) }
        }
    }

    /// The first switch announced after `date`, waiting up to `timeout` seconds for one.
    func firstSwitch(after date: Date, timeout: Double) -> (at: Date, message: String)? {
        var found: (at: Date, message: String)?
        _ = ProcessProbe.eventually(timeout: timeout) {
            found = lock.withLock { switches.filter { $0.at > date }.min { $0.at < $1.at } }
            return found != nil
        }
        return found
    }

    /// Every switch announced after `date` (a second failover right after the first shows here).
    func switches(after date: Date) -> [String] {
        lock.withLock { switches.filter { $0.at > date }.map(\.message) }
    }

    func stop() {
        for cli in listeners where cli.isRunning { kill(cli.processIdentifier, SIGKILL) }
        listeners.forEach { $0.waitUntilExit() }
        listeners = []
    }

    deinit { stop() }
}

extension SentinelCluster {
    /// Starts the SIGKILLed `redis[index]` again as a replica of the Redis on `primary`, and waits
    /// until the cluster is whole again (`settled`), so that the next kill finds two replicas.
    func restartAsReplica(_ index: Int, of primary: Int, timeout: Double = 60) throws {
        redis[index] = try startRedis(index, replicaOf: primary)
        guard ProcessProbe.eventually(timeout: timeout, { settled(primary: primary) }) else {
            throw ServerProcess.Failure(description: "redis\(index) did not come back as a replica of \(primary) that every Sentinel sees within \(Int(timeout)) s")
        }
    }

    /// Every Sentinel names `primary`, sees two replicas that are up (neither down nor
    /// disconnected) and the two other Sentinels; the primary has both replicas online.
    func settled(primary: Int) -> Bool {
        guard replicasInStep(of: primary) == 2, sentinelsReady() else { return false }
        return sentinelPorts.allSatisfy { port in
            let named = redisCLI(port: port, password: sentinelPassword, ["SENTINEL", "get-master-addr-by-name", Self.master])
                .split(whereSeparator: \.isNewline)
            let replicas = redisCLI(port: port, password: sentinelPassword, ["SENTINEL", "replicas", Self.master])
                .split(whereSeparator: \.isNewline).map(String.init)
            let flags = replicas.indices.filter { replicas[$0] == "flags" && $0 + 1 < replicas.count }.map { replicas[$0 + 1] }
            return named.count == 2 && Int(named[1]) == primary && flags == ["slave", "slave"]
        }
    }
}
