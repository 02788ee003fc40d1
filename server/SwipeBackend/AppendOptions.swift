// How one entry is appended to a shared store's room log, and an entry as the log hands it back:
// values the driver and every shared store share. Any thread (values).
import SwipeProtocol
import SwipeRooms

/// How one entry is appended (`SharedStore.append`).
///
/// ```swift
/// AppendOptions(create: true, keepFor: 604_800)              // a room's first entry
/// AppendOptions(create: true, closesAt: 1_795_000_000_000, keepFor: 604_800)   // and on the closing list
/// AppendOptions(idempotencyKey: "m2:3", keepFor: 604_800)    // a vote: once however often it is sent
/// ```
package struct AppendOptions: Hashable, Sendable {
    /// The room's first entry: refused (`exists`) when the room is there already; otherwise an
    /// append to a room that is not there, or is sealed, is refused.
    package var create = false
    /// Appended once: the same key again answers `seen` with the offset of the entry it made.
    package var idempotencyKey: String?
    /// Appended only if the log's last offset is this one (else `moved`).
    package var expectedOffset: Int?
    /// With `create`: the room's closing time (ms since 1970). The room's code goes on the
    /// `SharedSchedule.closing` list at that time in the same step as its first entry, so that it
    /// is listed exactly when it exists: no node's death and no failover can keep a room that was
    /// created off the list.
    package var closesAt: ServerTime?
    /// How long the room's entries are kept after this one (s).
    package var keepFor: Int

    package init(create: Bool = false, idempotencyKey: String? = nil, expectedOffset: Int? = nil, closesAt: ServerTime? = nil,
                 keepFor: Int) {
        self.create = create
        self.idempotencyKey = idempotencyKey
        self.expectedOffset = expectedOffset
        self.closesAt = closesAt
        self.keepFor = keepFor
    }
}

/// One entry of a room's log, as the store handed it back: its offset and the time it stamped.
///
/// ```swift
/// LoggedEntry(offset: 12, at: 1_764_662_400_000, entry: .timerFired(node: "n1#4f2a"))
/// ```
package struct LoggedEntry: Sendable {
    package var offset: Int
    package var at: ServerTime
    package var entry: ClusterEntry

    package init(offset: Int, at: ServerTime, entry: ClusterEntry) {
        self.offset = offset
        self.at = at
        self.entry = entry
    }
}
