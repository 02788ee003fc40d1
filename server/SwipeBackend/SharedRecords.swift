// The records a shared store keeps beside the rooms' logs, as generic as a key-value store's:
// values with a lifetime, lists scheduled by time, windows of events, and rooms counted under an
// owner. The driver builds heartbeats, one-time claims, webhook events, pictures, the shared
// limits and the closing list on them (`SharedLogBackend+Records.swift`). Any thread (values).
import SwipeProtocol
import SwipeRooms

/// A record's name. A store maps it to its own (Redis: `swipedeck:SPACE:{ID}`, or a field of the
/// room's hash).
///
/// ```swift
/// SharedKey.shared("once", "webhook:K7QM-X4TD-9R:decided")
/// SharedKey.inRoom("K7QM-X4TD-9R", "u-4f2a…")   // kept with the room's log, gone when it is sealed
/// ```
package enum SharedKey: Hashable, Sendable {
    /// A record of every node: `space` says of what kind, `id` which one.
    case shared(_ space: String, _ id: String)
    /// A record kept with a room's log: it lives as long as the log's entries, and goes when the
    /// room is sealed (`SharedStore.seal`).
    case inRoom(RoomCode, _ id: String)
}

/// A list of members, each scheduled at a time (ms since 1970).
///
/// ```swift
/// SharedSchedule.closing   // rooms by closing time (`AppendOptions.closesAt` lists them)
/// ```
package struct SharedSchedule: Hashable, Sendable {
    package var name: String

    package init(_ name: String) { self.name = name }

    /// Rooms with a closing time, by it: each room's code goes on it with its first entry.
    package static let closing = SharedSchedule("closing")
}

/// What the driver asks of the records (`SharedStore.records`), and what each answers.
///
/// ```swift
/// store.records(.put(.shared("once", key), Array("n1".utf8), lifetime: 2_592_000_000, onlyIfAbsent: true)) { answer in
///     let mine = answer?.done == true
/// }
/// ```
package enum SharedRecordRequest: Sendable {
    /// Writes `value` under the key, kept `lifetime` ms (nil: until removed, or with its room);
    /// with `onlyIfAbsent`, only when no value is there. `.done(true)` when written.
    case put(SharedKey, [UInt8], lifetime: ServerTime?, onlyIfAbsent: Bool)
    /// The value under the key (`.value(nil)`: none).
    case get(SharedKey)
    /// Whether each key has a value (`.present`, in order), without their bytes.
    case has([SharedKey])
    /// Removes the keys' values (`.done(true)`).
    case remove([SharedKey])
    /// Puts `member` on the list at `at`, or at another time if it is there (nil: takes it off).
    /// `.done(true)`.
    case schedule(String, on: SharedSchedule, at: ServerTime?)
    /// The list's members due at `at` (at most `limit`, earliest first: `.members`). With
    /// `holdUntil`, each one answered is moved to that time in the same step, so no other node
    /// takes it until then.
    case takeDue(SharedSchedule, at: ServerTime, limit: Int, holdUntil: ServerTime?)
    /// One event at `at` in the key's window: forgets those older than `window` (ms), keeps the
    /// newest `keep`, and answers their ages (`.ages`, ms, oldest first).
    case count(SharedKey, at: ServerTime, window: ServerTime, keep: Int)
    /// Counts `room` under `owner` unless the owner already has `cap` open rooms there (a room
    /// is open while it is not sealed and its last entry is no older than `idleAfter`; one that
    /// has no entry 10 s after it was counted never was created). `.done(true)` when counted.
    case admit(RoomCode, owner: SharedKey, cap: Int, idleAfter: ServerTime, at: ServerTime)
}

/// A store's answer to a `SharedRecordRequest`.
///
/// ```swift
/// SharedRecordAnswer.present([true, false]).present   // [true, false]
/// ```
package enum SharedRecordAnswer: Equatable, Sendable {
    case done(Bool)
    case value([UInt8]?)
    case present([Bool])
    case members([String])
    case ages([ServerTime])

    /// The answer to `put`, `remove`, `schedule` or `admit` (nil for another kind).
    package var done: Bool? { if case let .done(done) = self { done } else { nil } }
    /// The answer to `get`: `.some(nil)` when there is no value (nil for another kind).
    package var value: [UInt8]?? { if case let .value(value) = self { .some(value) } else { nil } }
    /// The answer to `has` (nil for another kind).
    package var present: [Bool]? { if case let .present(present) = self { present } else { nil } }
    /// The answer to `takeDue` (nil for another kind).
    package var members: [String]? { if case let .members(members) = self { members } else { nil } }
    /// The answer to `count` (nil for another kind).
    package var ages: [ServerTime]? { if case let .ages(ages) = self { ages } else { nil } }
}
