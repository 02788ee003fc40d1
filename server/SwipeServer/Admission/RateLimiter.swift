/// A token bucket: `burst` messages at once, refilled at `perSecond`. Time is an input (ms).
///
/// ```swift
/// var limiter = RateLimiter(perSecond: 100, burst: 200)
/// limiter.allow(at: 0)   // true, until 200 messages arrive faster than 100 per second
/// ```
public struct RateLimiter: Hashable, Sendable {
    public let perSecond: Double
    public let burst: Double
    private var tokens: Double
    private var last: Double?

    public init(perSecond: Double, burst: Double) {
        self.perSecond = perSecond
        self.burst = burst
        tokens = burst
    }

    /// Takes one token at time `now` (ms); false when the bucket is empty.
    ///
    /// ```swift
    /// guard limiter.allow(at: now) else { /* close with 1008 */ }
    /// ```
    public mutating func allow(at now: Double) -> Bool {
        if let last { tokens = min(burst, tokens + (now - last) / 1000 * perSecond) }
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
