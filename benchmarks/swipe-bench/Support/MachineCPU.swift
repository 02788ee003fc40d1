// Shell: reads /proc/stat (any thread). The parsing is pure.
import Foundation

/// The whole machine's CPU time from /proc/stat's first line, to tell how much of a run's window the
/// hypervisor gave to other virtual machines (steal) and how much was left idle. On a shared host
/// steal is what makes latency figures swing between runs, so every load report carries it.
///
/// ```swift
/// let a = MachineCPU.parse("cpu  100 0 50 800 0 0 10 40 0 0")   // total 1000, idle 800, steal 40
/// let b = MachineCPU.parse("cpu  200 0 90 900 0 0 20 90 0 0")
/// MachineCPU.share(of: \.steal, from: a!, to: b!)   // 16.7: 50 of the window's 300 ticks
/// ```
struct MachineCPU: Equatable {
    var total: UInt64
    var idle: UInt64
    var steal: UInt64

    /// Parses "cpu user nice system idle iowait irq softirq steal [guest guest_nice]" (clock ticks);
    /// nil for anything else. Guest time is already counted in user and nice, so it is not added.
    static func parse(_ line: String) -> MachineCPU? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.first == "cpu", fields.count >= 9 else { return nil }
        let ticks = fields[1...8].compactMap { UInt64($0) }
        guard ticks.count == 8 else { return nil }
        return MachineCPU(total: ticks.reduce(0, +), idle: ticks[3] + ticks[4], steal: ticks[7])
    }

    /// The machine's counters now (nil where /proc/stat is missing).
    static func read() -> MachineCPU? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let first = text.split(separator: "\n").first else { return nil }
        return parse(String(first))
    }

    /// The share (%, one decimal) of the CPU time between two samples spent on `part`.
    static func share(of part: KeyPath<MachineCPU, UInt64>, from start: MachineCPU, to end: MachineCPU) -> Double? {
        guard end.total > start.total, end[keyPath: part] >= start[keyPath: part] else { return nil }
        let percent = Double(end[keyPath: part] - start[keyPath: part]) / Double(end.total - start.total) * 100
        return (percent * 10).rounded() / 10
    }
}
