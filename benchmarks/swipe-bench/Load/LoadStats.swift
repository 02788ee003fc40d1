import Histogram

/// Counters and latency histograms for one shard (or the merge of all shards).
///
/// ```swift
/// var stats = LoadStats()
/// stats.recordVote(nanoseconds: 2_500_000)
/// stats.voteLatency.valueAtPercentile(50)   // ≈ 2500 (microseconds)
/// ```
struct LoadStats {
    var voteLatency = Histogram<UInt64>(highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: .three)
    var dragLatency = Histogram<UInt64>(highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: .three)
    var deliveries = 0
    var connected = 0
    var connectFailures = 0
    var closedEarly = 0
    var problems: [String: Int] = [:]
    var firstConnectAt: UInt64?
    var lastConnectedAt: UInt64?

    mutating func recordVote(nanoseconds: UInt64) { _ = voteLatency.record(max(1, nanoseconds / 1000)) }
    mutating func recordDrag(nanoseconds: UInt64) { _ = dragLatency.record(max(1, nanoseconds / 1000)) }
    mutating func problem(_ what: String) { problems[what, default: 0] += 1 }

    /// Forgets setup latencies and deliveries; keeps connection counts and problems (errors
    /// during setup count too).
    mutating func resetForMeasurement() {
        voteLatency.reset()
        dragLatency.reset()
        deliveries = 0
    }

    mutating func merge(_ other: LoadStats) {
        voteLatency.add(other.voteLatency)
        dragLatency.add(other.dragLatency)
        deliveries += other.deliveries
        connected += other.connected
        connectFailures += other.connectFailures
        closedEarly += other.closedEarly
        for (key, value) in other.problems { problems[key, default: 0] += value }
        firstConnectAt = [firstConnectAt, other.firstConnectAt].compactMap { $0 }.min()
        lastConnectedAt = [lastConnectedAt, other.lastConnectedAt].compactMap { $0 }.max()
    }

    var errorCount: Int { connectFailures + closedEarly + problems.values.reduce(0, +) }
}

/// Latency percentiles in milliseconds, as printed in the JSON report.
///
/// ```swift
/// LatencySummary(stats.voteLatency).p99
/// ```
struct LatencySummary: Codable, Equatable {
    var p50: Double
    var p90: Double
    var p99: Double
    var max: Double
    var count: UInt64

    init(_ histogram: Histogram<UInt64>) {
        func ms(_ microseconds: UInt64) -> Double { (Double(microseconds) / 10).rounded() / 100 }
        count = histogram.totalCount
        p50 = count == 0 ? 0 : ms(histogram.valueAtPercentile(50))
        p90 = count == 0 ? 0 : ms(histogram.valueAtPercentile(90))
        p99 = count == 0 ? 0 : ms(histogram.valueAtPercentile(99))
        max = count == 0 ? 0 : ms(histogram.max)
    }
}
