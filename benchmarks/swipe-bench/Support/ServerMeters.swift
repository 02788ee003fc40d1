// Shell: reads the RSS and CPU time of the server processes a run measures from /proc (main thread
// only). Summing and the per-process figures are pure.
import Foundation

/// The server processes one run measures: the server the bench started, or every `--server-pid`
/// (one per node of a cluster). Reported figures are sums over them; a sum is nil unless every
/// process could be read, so a node that died never makes the cluster look smaller.
///
/// ```swift
/// let meters = ServerMeters(pids: [4101, 4102, 4101])   // pids [4101, 4102]: each counted once
/// let start = meters.read()
/// // … the load …
/// let end = meters.read()
/// end.totalResidentBytes                                // VmRSS of 4101 + VmRSS of 4102
/// meters.usage(from: start, to: end, seconds: 10)       // one ServerUsage per pid
/// ```
struct ServerMeters: Equatable {
    /// One reading of every process, in the order of `pids`; nil where /proc had nothing.
    ///
    /// ```swift
    /// ServerMeters.Reading(residentBytes: [1024, 2048], cpuSeconds: [1, 2]).totalResidentBytes   // 3072
    /// ```
    struct Reading: Equatable {
        var residentBytes: [Int?]
        var cpuSeconds: [Double?]

        /// The sum over every process, nil if any could not be read (or there is none).
        var totalResidentBytes: Int? { ServerMeters.total(residentBytes) }
        /// The sum over every process, nil if any could not be read (or there is none).
        var totalCPUSeconds: Double? { ServerMeters.total(cpuSeconds) }
    }

    /// The processes, each once, in the order first given.
    let pids: [Int32]

    init(pids: [Int32]) {
        var seen = Set<Int32>()
        self.pids = pids.filter { seen.insert($0).inserted }
    }

    /// Reads every process's VmRSS and CPU time now.
    func read() -> Reading {
        Reading(residentBytes: pids.map(ServerProcess.residentBytes(pid:)), cpuSeconds: pids.map(ServerProcess.cpuSeconds(pid:)))
    }

    /// Each process's RSS at `end` and its CPU over the window, in % of one core.
    ///
    /// ```swift
    /// ServerMeters(pids: [7]).usage(from: .init(residentBytes: [0], cpuSeconds: [1]),
    ///                               to: .init(residentBytes: [4096], cpuSeconds: [3]), seconds: 4)
    /// // [ServerUsage(pid: 7, rss_bytes: 4096, cpu_percent: 50)]
    /// ```
    func usage(from start: Reading, to end: Reading, seconds: Double) -> [ServerUsage] {
        pids.indices.map { i in
            ServerUsage(pid: pids[i], rss_bytes: Self.element(i, of: end.residentBytes),
                        cpu_percent: Self.percent(from: Self.element(i, of: start.cpuSeconds), to: Self.element(i, of: end.cpuSeconds),
                                                  over: seconds))
        }
    }

    /// CPU seconds used between two readings as % of one core over `seconds`, to one decimal.
    ///
    /// ```swift
    /// ServerMeters.percent(from: 1.0, to: 1.5, over: 2)   // 25.0
    /// ```
    static func percent(from start: Double?, to end: Double?, over seconds: Double) -> Double? {
        guard let start, let end, seconds > 0 else { return nil }
        return ((end - start) / seconds * 1000).rounded() / 10
    }

    /// The sum of `values`, or nil if one of them is nil or there is none.
    ///
    /// ```swift
    /// ServerMeters.total([1, 2, 3])     // 6
    /// ServerMeters.total([1, nil])      // nil
    /// ```
    static func total<Value: AdditiveArithmetic>(_ values: [Value?]) -> Value? {
        guard !values.isEmpty else { return nil }
        var sum = Value.zero
        for value in values {
            guard let value else { return nil }
            sum += value
        }
        return sum
    }

    private static func element<Value>(_ index: Int, of values: [Value?]) -> Value? {
        values.indices.contains(index) ? values[index] : nil
    }
}

/// One server process's figures in the JSON report's `servers` list.
///
/// ```swift
/// ServerUsage(pid: 4101, rss_bytes: 52_428_800, cpu_percent: 61.5)
/// ```
struct ServerUsage: Codable, Equatable {
    var pid: Int32
    var rss_bytes: Int?
    var cpu_percent: Double?
}
