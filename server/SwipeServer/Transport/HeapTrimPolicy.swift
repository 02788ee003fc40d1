/// When the shell hands freed heap pages back to the system (`malloc_trim`). Connections allocate
/// and free memory as they come and go (handshake headers, lws's buffers, send queues), and malloc
/// keeps what was freed in its lists, still counted in the server's RSS: after a thousand clients
/// left, 4.4 MB stayed until a trim gave it back. So once `churn` connections opened
/// or closed since the last trim, housekeeping trims when they have settled (none for `settle`), or
/// during steady churn once per `spacing`; a closed connection whose queue once held
/// `largeQueueBytes` (a stalled reader) makes the next housekeeping trim anyway.
///
/// ```swift
/// var policy = HeapTrimPolicy()
/// for _ in 0..<64 { policy.opened(at: 0) }
/// policy.isDue(at: 500)     // false: still joining
/// policy.nextCheck          // 1_000: settled by then unless more join
/// policy.isDue(at: 1_000)   // true (and the count starts again)
/// policy.opened(at: 2_000)
/// policy.isDue(at: 9_000)   // false: one connection is not churn
/// ```
import SwipeRooms
struct HeapTrimPolicy {
    /// Connections opened or closed since the last trim that make one due.
    static let churn = 64
    /// Quiet time (ms) after which churn counts as settled.
    static let settle: ServerTime = 1000
    /// Least time between two trims while churn goes on (ms): a trim walks the whole heap.
    static let spacing: ServerTime = 5000
    /// A closed connection whose queue once held this much makes the next housekeeping trim.
    static let largeQueueBytes = 1 << 20

    private(set) var churnSinceTrim = 0
    /// The first and the latest connection opened or closed since the last trim.
    private var firstChange: ServerTime = 0
    private var lastChange: ServerTime = 0
    private var largeQueueReleased = false

    mutating func opened(at now: ServerTime) { changed(at: now) }

    mutating func closed(peakQueuedBytes: Int, at now: ServerTime) {
        changed(at: now)
        if peakQueuedBytes >= Self.largeQueueBytes { largeQueueReleased = true }
    }

    private mutating func changed(at now: ServerTime) {
        if churnSinceTrim == 0 { firstChange = now }
        churnSinceTrim += 1
        lastChange = now
    }

    /// When `isDue` could next answer true (the shell wakes then; nil: not until more churn).
    var nextCheck: ServerTime? {
        if largeQueueReleased { return lastChange }
        guard churnSinceTrim >= Self.churn else { return nil }
        return min(lastChange + Self.settle, firstChange + Self.spacing)
    }

    /// Whether to trim now; when it answers true it counts the trim as done.
    mutating func isDue(at now: ServerTime) -> Bool {
        let settled = now - lastChange >= Self.settle
        let spaced = now - firstChange >= Self.spacing
        guard largeQueueReleased || (churnSinceTrim >= Self.churn && (settled || spaced)) else { return false }
        churnSinceTrim = 0
        largeQueueReleased = false
        return true
    }
}
