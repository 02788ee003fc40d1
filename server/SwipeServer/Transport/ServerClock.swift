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

    init(wallClockOffset: Bool) {
        offset = wallClockOffset ? Date().timeIntervalSince1970 * 1000 : 0
    }

    var now: ServerTime {
        let elapsed = ContinuousClock.now - start
        let micros = Double(elapsed.components.seconds) * 1_000_000 + Double(elapsed.components.attoseconds / 1_000_000_000_000)
        return (offset * 1000 + micros).rounded() / 1000
    }

    /// Milliseconds since the server started.
    var uptime: ServerTime { now - offset }
}
