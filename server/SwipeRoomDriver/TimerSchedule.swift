import SwipeProtocol
import SwipeRooms

/// Every deadline the service loop must wake for — room timers, the next abandoned-room eviction
/// check, the next hibernation check, the shutdown deadline — and the one wake-up currently armed. The shell arms a single
/// lws timer for `earliest` only; between deadlines the loop sleeps in poll() until a socket or
/// `lws_cancel_service` wakes it. Pure: times are passed in, nothing reads a clock.
///
/// ```swift
/// var schedule = TimerSchedule(evictionCheck: 60_000)
/// schedule.setRoomTimer("K7QM-X4TD-9R", at: 1_500)
/// schedule.rearm()                       // .arm(at: 1_500): the room's timer comes first
/// schedule.rearm()                       // .keep: already armed for that
/// schedule.wakeFired()
/// schedule.takeDueRooms(at: 1_500)       // ["K7QM-X4TD-9R"]
/// schedule.rearm()                       // .arm(at: 60_000): the eviction check
/// ```
public struct TimerSchedule: Hashable, Sendable {
    /// What to do with the lws wake timer after a change.
    public enum WakeChange: Hashable, Sendable {
        /// Leave it as it is (already armed early enough, or nothing to wait for).
        case keep
        /// (Re)schedule it to fire at this server time.
        case arm(at: ServerTime)
    }

    /// Each room's pending timer (at most one per room; a new one replaces the old).
    public private(set) var roomTimers: [RoomCode: ServerTime] = [:]
    /// When to next look for abandoned rooms (nil: never).
    public var evictionCheck: ServerTime?
    /// When the driver next looks for rooms nobody is connected to (nil: never; `--hibernate-after 0`).
    public var hibernationCheck: ServerTime?
    /// When a shutdown in progress gives up waiting for connections (nil: not shutting down).
    public var shutdownDeadline: ServerTime?
    /// When freed heap pages may next be handed back (`HeapTrimPolicy.nextCheck`; nil: no need).
    public var heapTrimCheck: ServerTime?
    /// When the armed wake timer fires (nil: not armed).
    public private(set) var armed: ServerTime?

    public init(evictionCheck: ServerTime? = nil, shutdownDeadline: ServerTime? = nil) {
        self.evictionCheck = evictionCheck
        self.shutdownDeadline = shutdownDeadline
    }

    /// Sets (or replaces) a room's timer.
    public mutating func setRoomTimer(_ room: RoomCode, at time: ServerTime) { roomTimers[room] = time }

    /// Removes a room's timer (cancelled, or the room is gone).
    public mutating func cancelRoomTimer(_ room: RoomCode) { roomTimers[room] = nil }

    /// Removes and returns the rooms whose timers are due at `now`, earliest first (ties by code).
    public mutating func takeDueRooms(at now: ServerTime) -> [RoomCode] {
        let due = roomTimers.filter { $0.value <= now }
            .sorted { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }
            .map(\.key)
        for room in due { roomTimers[room] = nil }
        return due
    }

    /// The earliest deadline of all (nil when there is nothing to wake for).
    /// Asked on every turn of the service loop, so it allocates nothing.
    public var earliest: ServerTime? {
        func earlier(_ a: ServerTime?, _ b: ServerTime?) -> ServerTime? {
            guard let a else { return b }
            guard let b else { return a }
            return min(a, b)
        }
        return earlier(earlier(earlier(roomTimers.values.min(), evictionCheck), earlier(shutdownDeadline, heapTrimCheck)), hibernationCheck)
    }

    /// The armed timer has fired (lws forgets a fired timer, so it is no longer armed).
    public mutating func wakeFired() { armed = nil }

    /// Decides whether the wake timer must move: armed anew when nothing is armed or a deadline is
    /// now earlier than the armed one. A later or vanished deadline keeps the armed timer (one
    /// harmless early wake is cheaper than rescheduling on every change).
    public mutating func rearm() -> WakeChange {
        guard let next = earliest else { return .keep }
        if let armed, armed <= next { return .keep }
        armed = next
        return .arm(at: next)
    }
}
