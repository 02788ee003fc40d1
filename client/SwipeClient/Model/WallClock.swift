import SwipeProtocol

/// The wall clock as the model sees it: the shell reads it once at start, so `update` and `view`
/// stay pure. `now` (the model's monotonic ms) plus `atMonotonicZero` is the wall time; the local
/// time zone's offset turns it into the clock on the member's wall.
///
/// ```swift
/// let clock = WallClock(atMonotonicZero: 1_795_946_400_000, utcOffsetSeconds: 3600)
/// clock.wall(at: 0).iso8601   // "2026-11-29T10:00:00Z"
/// ```
public struct WallClock: Hashable, Sendable {
    /// Wall-clock ms since 1970 at the model's time 0.
    public var atMonotonicZero: Double
    /// The local time zone's offset from UTC (seconds east), at start.
    public var utcOffsetSeconds: Int

    public init(atMonotonicZero: Double = 0, utcOffsetSeconds: Int = 0) {
        self.atMonotonicZero = atMonotonicZero
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The wall-clock instant at the model's time `now`.
    ///
    /// ```swift
    /// clock.wall(at: model.now)
    /// ```
    public func wall(at now: Double) -> UTCTimestamp { UTCTimestamp(millisecondsSince1970: atMonotonicZero + now) }
}
