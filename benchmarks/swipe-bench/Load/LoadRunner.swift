// Shell: runs one load test against one server. Main thread: ticks the shards every millisecond, prints a
// progress line every second on stderr; the shards' loops do the I/O on their own threads.
import Foundation
import SwipeClient
import SwipeProtocol

/// The knobs of one load run.
struct LoadOptions {
    var clients = 100
    var rooms = 10
    var duration = 10.0
    var voteIntervalMs = 100.0
    var threads = 2
    var deflate = false
    var validate = false
    var stallOne = false
    var cards = 300
    var idle = false
    var maxInFlightConnects = 256
}

/// What one run measured; the JSON report's shape.
struct LoadResult: Codable {
    var target: String
    /// The first node's URL (the only one unless `--url` was repeated).
    var url: String
    /// Every node's URL, in the order given.
    var urls: [String]
    /// How many URLs (server nodes) the run targeted.
    var nodes: Int
    var clients: Int
    var rooms: Int
    var duration_s: Double
    var connections: Int
    var connections_per_s: Double
    var vote_latency_ms: LatencySummary
    var drag_latency_ms: LatencySummary
    var votes_per_s: Double
    var deliveries_per_s: Double
    /// The votes and deliveries counted in the measured window, exactly (the rates above are
    /// rounded: 19 or 20 votes/s is 5 % apart, which a per-vote figure must not carry; nil in a
    /// result written before they were kept).
    var votes: Int?
    var deliveries: Int?
    /// Summed over every measured server process (nil unless each could be read).
    var server_rss_bytes: Int?
    var rss_per_connection_bytes: Int?
    var server_cpu_percent: Double?
    /// Each measured server process (`--server-pid`, or the server the bench started).
    var servers: [ServerUsage]
    var bench_cpu_percent: Double?
    /// Of the whole machine's CPU time in the window: given to other virtual machines, and left idle.
    var machine_steal_percent: Double?
    var machine_idle_percent: Double?
    var errors: Int
    var error_breakdown: [String: Int]
    var stalled_reader: StalledReader.Outcome?
}

enum LoadRunner {
    static func run(target: LoadTarget, options: LoadOptions) throws -> LoadResult {
        guard options.rooms >= 1, options.clients >= options.rooms else {
            throw BenchError.usage("--clients (\(options.clients)) must be at least --rooms (\(options.rooms)), and --rooms at least 1")
        }
        let targetName = target.name
        let baseline = target.meters.read()
        let cards = LoadRoom.inlineDeck(count: options.cards)
        let interval = UInt64(options.voteIntervalMs * 1_000_000)
        var roomsByShard = Array(repeating: [LoadRoom](), count: max(1, options.threads))
        for r in 0..<options.rooms {
            roomsByShard[r % roomsByShard.count].append(
                LoadRoom(index: r, members: members(ofRoom: r, options), cards: cards, voteInterval: interval, idle: options.idle))
        }
        let shards = roomsByShard.map {
            LoadShard(rooms: $0, maxInFlightConnects: max(1, options.maxInFlightConnects / roomsByShard.count), validate: options.validate)
        }
        defer { for shard in shards { shard.stop() } }
        let setupStart = Date()
        for shard in shards { try shard.start(target: target, deflate: options.deflate) }

        // Setup: connect, join, start voting.
        let setupLimit = 30 + Double(options.clients) / 200
        var ready = false
        var lastPrint = Date()
        while Date().timeIntervalSince(setupStart) < setupLimit {
            for shard in shards { shard.tick() }
            let progress = shards.map { $0.progress() }.reduce(LoadProgress(), +)
            ready = options.idle ? progress.joinedRooms == options.rooms : progress.votingRooms == options.rooms
            if ready || progress.connected + progress.failed >= options.clients && progress.failed > 0 && !ready
                && Date().timeIntervalSince(setupStart) > 5 { break }
            if Date().timeIntervalSince(lastPrint) >= 1 {
                lastPrint = Date()
                log("[\(targetName)] setup: connected \(progress.connected)/\(options.clients), joined rooms \(progress.joinedRooms)/\(options.rooms), voting \(progress.votingRooms), failed \(progress.failed)")
            }
            usleep(10_000)
        }
        let setupProgress = shards.map { $0.progress() }.reduce(LoadProgress(), +)
        let setupSeconds = Date().timeIntervalSince(setupStart)
        log("[\(targetName)] setup done in \(String(format: "%.1f", setupSeconds)) s: connected \(setupProgress.connected), rooms ready \(options.idle ? setupProgress.joinedRooms : setupProgress.votingRooms)/\(options.rooms)")

        var stalled: StalledReader?
        if options.stallOne, let code = shards[0].roomCode(0) {
            // One member more than the room has: on the node the spread would give that member.
            stalled = try StalledReader(url: target.url(room: 0, member: members(ofRoom: 0, options)), room: code)
            log("[\(targetName)] a stalled reader joined room \(code) and stopped reading")
        }

        // Measurement.
        for shard in shards { shard.resetForMeasurement() }
        let measureStart = Date()
        let serverStart = target.meters.read()
        let benchCPUStart = ServerProcess.cpuSeconds(statPath: "/proc/self/stat")
        let machineStart = MachineCPU.read()
        var previous = shards.map { $0.progress() }.reduce(LoadProgress(), +)
        lastPrint = measureStart
        while Date().timeIntervalSince(measureStart) < options.duration {
            for shard in shards { shard.tick() }
            if Date().timeIntervalSince(lastPrint) >= 1 {
                let elapsed = Date().timeIntervalSince(lastPrint)
                lastPrint = Date()
                let now = shards.map { $0.progress() }.reduce(LoadProgress(), +)
                var merged = LoadStats()
                for shard in shards { merged.merge(shard.snapshot()) }
                let rss = target.meters.read().totalResidentBytes.map { " server RSS \($0 >> 20) MiB" } ?? ""
                log(String(format: "[%@] t=%4.1fs conns %d votes/s %.0f deliveries/s %.0f vote p99 %.2f ms errors %d%@",
                           targetName, Date().timeIntervalSince(measureStart), now.connected,
                           Double(now.votes - previous.votes) / elapsed, Double(now.deliveries - previous.deliveries) / elapsed,
                           LatencySummary(merged.voteLatency).p99, merged.errorCount, rss))
                previous = now
            }
            usleep(options.idle ? 100_000 : 5_000)
        }
        let measured = Date().timeIntervalSince(measureStart)
        var stats = LoadStats()
        for shard in shards { stats.merge(shard.snapshot()) }
        let end = shards.map { $0.progress() }.reduce(LoadProgress(), +)
        let serverEnd = target.meters.read()
        let rss = serverEnd.totalResidentBytes
        let serverCPU = ServerMeters.percent(from: serverStart.totalCPUSeconds, to: serverEnd.totalCPUSeconds, over: measured)
        let benchCPU = ServerMeters.percent(from: benchCPUStart, to: ServerProcess.cpuSeconds(statPath: "/proc/self/stat"), over: measured)
        let machineEnd = MachineCPU.read()
        func machineShare(_ part: KeyPath<MachineCPU, UInt64>) -> Double? {
            guard let machineStart, let machineEnd else { return nil }
            return MachineCPU.share(of: part, from: machineStart, to: machineEnd)
        }
        let stalledOutcome = stalled?.finish()
        var breakdown = stats.problems
        if stats.connectFailures > 0 { breakdown["connect failed"] = stats.connectFailures }
        if stats.closedEarly > 0 { breakdown["closed by server"] = stats.closedEarly }
        if !ready { breakdown["rooms not ready after setup"] = options.rooms - (options.idle ? setupProgress.joinedRooms : setupProgress.votingRooms) }
        let connectSpan = Double((stats.lastConnectedAt ?? 0) &- (stats.firstConnectAt ?? 0)) / 1e9
        let votesDuringMeasure = end.votes - (setupProgress.votes)
        return LoadResult(
            target: targetName, url: target.urls.first?.description ?? "", urls: target.urls.map(\.description),
            nodes: target.urls.count, clients: options.clients, rooms: options.rooms,
            duration_s: (measured * 100).rounded() / 100, connections: stats.connected,
            connections_per_s: connectSpan > 0 ? (Double(stats.connected) / connectSpan).rounded() : 0,
            vote_latency_ms: LatencySummary(stats.voteLatency), drag_latency_ms: LatencySummary(stats.dragLatency),
            votes_per_s: (Double(votesDuringMeasure) / measured).rounded(),
            deliveries_per_s: (Double(stats.deliveries) / measured).rounded(),
            votes: votesDuringMeasure, deliveries: stats.deliveries,
            server_rss_bytes: rss,
            rss_per_connection_bytes: zip2(rss, baseline.totalResidentBytes).flatMap { end, start in
                stats.connected > 0 ? (end - start) / stats.connected : nil
            },
            server_cpu_percent: serverCPU, servers: target.meters.usage(from: serverStart, to: serverEnd, seconds: measured),
            bench_cpu_percent: benchCPU,
            machine_steal_percent: machineShare(\.steal), machine_idle_percent: machineShare(\.idle),
            errors: breakdown.values.reduce(0, +), error_breakdown: breakdown, stalled_reader: stalledOutcome)
    }

    /// How many clients room `room` gets: `--clients` spread evenly, the first rooms one more.
    static func members(ofRoom room: Int, _ options: LoadOptions) -> Int {
        options.clients / options.rooms + (room < options.clients % options.rooms ? 1 : 0)
    }

    static func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func zip2(_ a: Int?, _ b: Int?) -> (Int, Int)? {
        guard let a, let b else { return nil }
        return (a, b)
    }
}
