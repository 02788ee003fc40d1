import Foundation
import SwipeRooms

/// Server time: milliseconds since the server started (monotonic), to the microsecond (three
/// decimals: what every message carries, and what the JSON writer writes without a String). In a
/// cluster the wall clock at start is added, so that the times nodes stamp on a room's entries
/// compare across nodes (their clocks must agree: NTP).
///
/// ```swift
/// let clock = ServerClock(wallClockOffset: false)
/// clock.now   // 0.012
/// ```
struct ServerClock: Sendable {
    private let start = ContinuousClock.now
    /// Added to every reading (ms): 0 alone; in a cluster, the wall clock (ms since 1970) at start.
    let offset: ServerTime

    /// The wall clock (ms since 1970) at server time 0: what turns a room's closing time into
    /// server time (`RegistryLimits.wallClockAtZero`). 0 in a cluster, where server time is the wall clock.
    let wallClockAtZero: ServerTime

    init(wallClockOffset: Bool) {
        let wall = Date().timeIntervalSince1970 * 1000
        offset = wallClockOffset ? wall : 0
        wallClockAtZero = wallClockOffset ? 0 : wall
    }

    var now: ServerTime {
        let elapsed = ContinuousClock.now - start
        let micros = Double(elapsed.components.seconds) * 1_000_000 + Double(elapsed.components.attoseconds / 1_000_000_000_000)
        return (offset * 1000 + micros).rounded() / 1000
    }

    /// Milliseconds since the server started.
    var uptime: ServerTime { now - offset }
}
