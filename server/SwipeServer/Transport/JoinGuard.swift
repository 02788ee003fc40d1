/// Room-code guessing defence: counts failed joins (unknown room, bad token) per client address
/// in a sliding window; an address past the limit is refused with `rateLimited` until its oldest
/// failure leaves the window. Time is an input (ms).
///
/// ```swift
/// var guard_ = JoinGuard(maxFailures: 20, window: 60_000)
/// guard_.recordFailure(from: "10.0.0.7", at: 0)
/// guard_.isBlocked("10.0.0.7", at: 1)   // false until 20 failures within a minute
/// ```
public struct JoinGuard: Hashable, Sendable {
    public let maxFailures: Int
    public let window: Double
    private var failures: [String: [Double]] = [:]

    public init(maxFailures: Int, window: Double = 60_000) {
        self.maxFailures = maxFailures
        self.window = window
    }

    /// Whether `address` has used up its failed joins for now.
    ///
    /// ```swift
    /// if guard_.isBlocked(address, at: now) { /* reply rateLimited */ }
    /// ```
    public mutating func isBlocked(_ address: String, at now: Double) -> Bool {
        prune(address, at: now)
        return (failures[address]?.count ?? 0) >= maxFailures
    }

    /// Counts one failed join from `address`.
    ///
    /// ```swift
    /// guard_.recordFailure(from: "10.0.0.7", at: now)
    /// ```
    public mutating func recordFailure(from address: String, at now: Double) {
        prune(address, at: now)
        failures[address, default: []].append(now)
        if failures.count > 10_000 { failures = failures.filter { !$0.value.isEmpty } }
    }

    private mutating func prune(_ address: String, at now: Double) {
        guard let times = failures[address] else { return }
        let kept = times.filter { now - $0 < window }
        failures[address] = kept.isEmpty ? nil : kept
    }
}
