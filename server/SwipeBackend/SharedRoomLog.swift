// What a store shared by several nodes is: a log that orders each room's entries, keeps them and
// hands them back, and nothing else. It never sees the registry, a timer, a connection or a room;
// the driver (`SharedLogBackend`, in SwipeRoomDriver) applies what it hands back, the same way
// over every such store, and is its only caller. Service thread only, except `probe`, which runs
// at start on the starting thread, before the service thread exists.
import SwipeProtocol
import SwipeRooms

/// A store shared by the nodes of a cluster, as the driver sees it: its log (this protocol), its
/// link (`SharedStoreLink`) and what the nodes share beside the log (`SharedNodeServices`). One
/// class implements all three (Redis: `RedisRoomLog`); a new shared store implements no more.
///
/// ```swift
/// let backend = SharedLogBackend(host: driver, store: RedisRoomLog(configuration: cluster, logger: logger) { driver.now })
/// ```
package typealias SharedStore = SharedRoomLog & SharedStoreLink & SharedNodeServices

/// The log of a store shared by several nodes: eight requirements. Each room's entries get
/// consecutive offsets from 1 and a time no earlier than the one before; every node that follows
/// the room is handed each entry (`SharedLogEvents.published`), in any order (the driver puts them
/// back in offset order, and reads what it missed).
///
/// ```swift
/// log.append(.timerFired(node: log.node), to: code, AppendOptions(expectedOffset: 7)) { outcome in … }
/// log.read(code, after: 7, limit: 500) { entries in … }   // nil: the store did not answer
/// ```
package protocol SharedRoomLog: AnyObject {
    /// Appends `entry` to the room's log, as `options` say, once enough replicas have it if the
    /// store waits for them; `then` gets what the store answered (on the service thread).
    func append(_ entry: ClusterEntry, to code: RoomCode, _ options: AppendOptions, then: @escaping (AppendOutcome) -> Void)
    /// The room's entries after `offset` (at most `limit`; nil: all), in offset order, up to what
    /// the store has acknowledged; an entry that cannot be read is nil; the whole answer is nil
    /// when the store did not answer.
    func read(_ code: RoomCode, after offset: Int, limit: Int?, then: @escaping ([LoggedEntry?]?) -> Void)
    /// This node wants the room's entries as they are appended (`SharedLogEvents.followed` says
    /// from when), and its relays.
    func follow(_ code: RoomCode)
    /// This node no longer serves the room.
    func unfollow(_ code: RoomCode)
    /// Hands an unlogged message (a drag's broadcast, encoded) to the other nodes that follow the
    /// room (`SharedLogEvents.relayed`); `except`: the member it is not for.
    func relay(_ message: [UInt8], except: MemberID?, in code: RoomCode)
    /// Room `code` was closed by its host: no more appends, and its uploaded pictures go.
    func closeRoom(_ code: RoomCode)
    /// Takes the room off the closing list (it is decided, or gone): a room goes on it with its
    /// first entry (`AppendOptions.closesAt`).
    func unlistClosing(_ code: RoomCode)
    /// The listed rooms whose closing time is at or before `time`, at most `limit` (none when the
    /// store did not answer).
    func dueClosings(at time: ServerTime, limit: Int, then: @escaping ([RoomCode]) -> Void)
}

/// How one entry is appended (`SharedRoomLog.append`).
///
/// ```swift
/// AppendOptions(create: true, keepFor: 604_800)              // a room's first entry
/// AppendOptions(create: true, closesAt: 1_795_000_000_000, keepFor: 604_800)   // and on the closing list
/// AppendOptions(idempotencyKey: "m2:3", keepFor: 604_800)    // a vote: once however often it is sent
/// ```
package struct AppendOptions: Hashable, Sendable {
    /// The room's first entry: refused (`exists`) when the room is there already; otherwise an
    /// append to a room that is not there, or is closed, is refused.
    package var create = false
    /// Appended once: the same key again answers `seen` with the offset of the entry it made.
    package var idempotencyKey: String?
    /// Appended only if the log's last offset is this one (else `moved`).
    package var expectedOffset: Int?
    /// With `create`: the room's closing time (ms since 1970). The room goes on the closing list
    /// (`dueClosings`) in the same step as its first entry, so that it is listed exactly when it
    /// exists: no node's death and no failover can keep a room that was created off the list.
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

/// What a shared store tells the driver, unasked (its link, and what it is handed for the rooms
/// this node follows). Service thread only.
///
/// ```swift
/// try store.connect(eventLoop: loop, events: backend)
/// ```
package protocol SharedLogEvents: AnyObject {
    /// The store can be reached (at start, or again after an outage).
    func storeCameUp()
    /// The store cannot be reached (`reason` says why); every pending answer was given first.
    func storeWentDown(_ reason: String)
    /// From now on the room's entries reach this node as they are appended.
    func followed(_ code: RoomCode)
    /// An entry of a followed room, as it was appended (by any node).
    func published(_ logged: LoggedEntry, in code: RoomCode)
    /// Something reached this node for a followed room that could not be read.
    func publishedUnreadable(in code: RoomCode)
    /// Another node's relay of an unlogged message (as `SharedRoomLog.relay`).
    func relayed(_ message: [UInt8], except: MemberID?, in code: RoomCode)
    /// Another node found `address` past its failed lookups: `ages` of its failures over every node.
    func lookupsSlowed(_ address: String, ages: [ServerTime])
}
