/// Room-code guessing defence: counts failed room-code lookups (a WebSocket join to an unknown room
/// or with a bad token, an HTTP results request for an unknown room) per client address in a
/// sliding window. Only failures count, so an address that never guesses wrong is never limited.
/// Time is an input (ms).
///
/// Past the limit the address is *slowed*, not shut out, because everyone behind one NAT shares
/// it: each of its WebSocket connections may look a code up once per `pace` (counted from the
/// connection's opening or its previous lookup; `waitBeforeLookup`). A stranger guessing from a
/// shared address gets at most one guess per connection per `pace`, and a member of that network
/// who holds the right code still joins, a `pace` later. HTTP requests, one per connection,
/// are refused until the oldest failure leaves the window (`retryAfter`).
///
/// ```swift
/// var guard_ = JoinGuard(maxFailures: 20, window: 60_000, pace: 5_000)
/// guard_.recordFailure(from: "10.0.0.7", at: 0)
/// guard_.retryAfter("10.0.0.7", at: 1)   // nil until 20 failures within a minute, then seconds to wait
/// guard_.waitBeforeLookup(from: "10.0.0.7", lastTry: 0, at: 1)   // nil until then; after, up to 5 s
/// ```
public struct JoinGuard: Hashable, Sendable {
    public let maxFailures: Int
    public let window: Double
    /// Past the limit, the least time between two lookups on one connection (ms).
    public let pace: Double
    private var failures: [String: [Double]] = [:]
    /// Addresses remembered at most (the oldest-looking are forgotten first when full).
    public static let maxAddresses = 10_000

    /// A minute: the window failures are counted over.
    public static let defaultWindow: Double = 60_000

    public init(maxFailures: Int, window: Double = JoinGuard.defaultWindow, pace: Double = 5_000) {
        self.maxFailures = maxFailures
        self.window = window
        self.pace = pace
    }

    /// Seconds a WebSocket connection from `address` must wait before it may look a room code up,
    /// or nil when it may now: always while the address is within its failures; past them, once
    /// `pace` has passed since `lastTry` (the connection's previous lookup, or its opening).
    /// Rounded up to whole seconds, at least 1.
    ///
    /// ```swift
    /// if let wait = guard_.waitBeforeLookup(from: address, lastTry: connection.lastLookupAt, at: now) {
    ///     /* rateLimited, retryAfter: wait */
    /// }
    /// ```
    public mutating func waitBeforeLookup(from address: String, lastTry: Double, at now: Double) -> Double? {
        guard isBlocked(address, at: now) else { return nil }
        let allowedAt = lastTry + pace
        guard now < allowedAt else { return nil }
        return Self.seconds(until: allowedAt, from: now)
    }

    /// Whether `address` has used up its failed lookups for now.
    ///
    /// ```swift
    /// if guard_.isBlocked(address, at: now) { /* reply rateLimited */ }
    /// ```
    public mutating func isBlocked(_ address: String, at now: Double) -> Bool {
        retryAfter(address, at: now) != nil
    }

    /// Seconds until `address` may look a code up again (its oldest counted failure leaves the
    /// window), or nil when it is not limited. Rounded up to whole seconds, at least 1.
    ///
    /// ```swift
    /// if let wait = guard_.retryAfter(address, at: now) { /* rateLimited, retryAfter: wait */ }
    /// ```
    public mutating func retryAfter(_ address: String, at now: Double) -> Double? {
        prune(address, at: now)
        guard let times = failures[address], times.count >= maxFailures else { return nil }
        let freedAt = times[times.count - maxFailures] + window
        return Self.seconds(until: freedAt, from: now)
    }

    /// Whole seconds from `now` until `time` (both ms), rounded up, at least 1: what `retryAfter` says.
    static func seconds(until time: Double, from now: Double) -> Double {
        max(1, ((time - now) / 1000).rounded(.up))
    }

    /// Counts one failed lookup from `address`.
    ///
    /// ```swift
    /// guard_.recordFailure(from: "10.0.0.7", at: now)
    /// ```
    public mutating func recordFailure(from address: String, at now: Double) {
        prune(address, at: now)
        failures[address, default: []].append(now)
        if let times = failures[address], times.count > maxFailures { failures[address] = Array(times.suffix(maxFailures)) }
        if failures.count > Self.maxAddresses { failures = failures.filter { now - ($0.value.last ?? 0) < window } }
    }

    /// Takes what the cluster counted for `address` (the ages in ms of its failed lookups on
    /// every node, `SharedLogBackend.countFailedLookupInStore`) when it is at least what this node counted.
    ///
    /// ```swift
    /// guard_.adopt(failureAges: [30_000, 2_000], for: "10.0.0.7", at: now)   // two failures, 30 s and 2 s ago
    /// ```
    public mutating func adopt(failureAges ages: [Double], for address: String, at now: Double) {
        prune(address, at: now)
        let times = ages.map { now - $0 }.filter { now - $0 < window }.sorted().suffix(maxFailures)
        guard times.count >= (failures[address]?.count ?? 0), !times.isEmpty else { return }
        failures[address] = Array(times)
        if failures.count > Self.maxAddresses { failures = failures.filter { now - ($0.value.last ?? 0) < window } }
    }

    private mutating func prune(_ address: String, at now: Double) {
        guard let times = failures[address] else { return }
        let kept = times.filter { now - $0 < window }
        failures[address] = kept.isEmpty ? nil : kept
    }
}
