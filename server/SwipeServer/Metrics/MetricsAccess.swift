/// Who may read `/metrics`: loopback peers (unless turned off) and the `--metrics-allow` ranges.
/// The peer is the socket's own address, never a `Forwarded` header: a proxy in front would
/// otherwise let anyone through. Pure.
///
/// ```swift
/// let access = MetricsAccess(ranges: [try AddressRange(parsing: "10.0.0.0/8")])
/// access.allows("127.0.0.1")   // true (loopback)
/// access.allows("10.1.2.3")    // true
/// access.allows("192.0.2.1")   // false
/// ```
public struct MetricsAccess: Hashable, Sendable {
    /// `--metrics-allow`: ranges whose peers may scrape.
    public var ranges: [AddressRange]
    /// Loopback peers (127.0.0.0/8, ::1) may scrape (`--no-metrics-loopback` turns this off).
    public var allowsLoopback: Bool

    public init(ranges: [AddressRange] = [], allowsLoopback: Bool = true) {
        self.ranges = ranges
        self.allowsLoopback = allowsLoopback
    }

    /// Whether a peer at `address` may read the metrics.
    ///
    /// ```swift
    /// MetricsAccess(allowsLoopback: false).allows("127.0.0.1")   // false
    /// ```
    public func allows(_ address: String) -> Bool {
        if allowsLoopback, Self.loopback.contains(where: { $0.contains(address) }) { return true }
        return ranges.contains { $0.contains(address) }
    }

    /// 127.0.0.0/8 (also as ::ffff:127.x.y.z) and ::1.
    static let loopback: [AddressRange] = ["127.0.0.0/8", "::1"].compactMap { try? AddressRange(parsing: $0) }
}
