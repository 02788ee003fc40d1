// What a store that keeps one process's rooms is: it keeps a room's records in order, its
// checkpoints, its sleep and its uploaded pictures, and gives them back. Nothing else: it never
// sees the registry, a timer, a connection or a clock; the driver (`LocalBackend`, in
// SwipeRoomDriver) does the rest the same way over every such store. Service thread only, except
// `open`, which runs at start on the starting thread, before the service thread exists.
import SwipeProtocol
import SwipeRooms

/// A store of one process's rooms: eight requirements, and a new store implements no more (the
/// SQLite log, `SQLiteRoomStore`; memory, `MemoryRoomStore`). Each throws when it cannot keep or
/// read what it was given; the driver then stops the server rather than acknowledge it
/// (`storageFailureExitCode`), or keeps a room asleep it could not wake.
///
/// ```swift
/// let kept = try store.open()                        // at start: the open rooms and the sleeping ones' index
/// try store.append(records, checkpoints: [room.checkpoint], at: now)   // before anything acknowledges them
/// try store.sleep(room.checkpoint, as: SleepingRoom(code: code, closesAt: nil, leftAt: left, open: false), at: now)
/// let woken = try store.wake(code)                   // its checkpoint and the records after it
/// ```
package protocol RoomStore: AnyObject {
    /// How errors and logs name this store ("the log /var/lib/swipedeck/rooms.sqlite").
    var name: String { get }
    /// At start: opens the store (creating it if need be) and reads back the rooms it keeps awake
    /// (their checkpoints and the records after them) and the index of the sleeping ones. Throws a
    /// `ServerStartError` that names the store and what is wrong.
    func open() throws -> StoredRooms
    /// Keeps `records` in order, and each of `checkpoints` as its room's state after them, at once
    /// (one transaction): durable on return.
    func append(_ records: [LogRecord], checkpoints: [RoomCheckpoint], at time: ServerTime) throws
    /// Keeps a room asleep: its whole state and its row of the index, at once; `open` does not
    /// read it back, `wake` does.
    func sleep(_ checkpoint: RoomCheckpoint, as row: SleepingRoom, at time: ServerTime) throws
    /// A sleeping room back: its state and any records after it; it is awake in the store again.
    func wake(_ code: RoomCode) throws -> StoredRooms
    /// Forgets a room (closed or evicted): `open` and `wake` never give it back, and its pictures go.
    func forget(_ code: RoomCode) throws
    /// Keeps a new room's uploaded pictures, before its first record.
    func keepPictures(_ assets: [PictureAsset], of code: RoomCode) throws
    /// An uploaded picture of room `code`, as it was kept (nil: there is none).
    func picture(_ etag: String, of code: RoomCode) throws -> [UInt8]?
}

/// What a store gives back: rooms' checkpoints and the records after them, and the sleeping
/// rooms' index (only from `open`).
///
/// ```swift
/// let kept = try store.open()
/// try registry.restore(checkpoints: kept.checkpoints, tail: kept.tail, at: now)
/// ```
package struct StoredRooms: Sendable {
    package var checkpoints: [RoomCheckpoint]
    /// The records after each room's checkpoint, in the order they were appended.
    package var tail: [LogRecord]
    /// The sleeping rooms' rows (none from `wake`).
    package var asleep: [SleepingRoom]

    package init(checkpoints: [RoomCheckpoint] = [], tail: [LogRecord] = [], asleep: [SleepingRoom] = []) {
        self.checkpoints = checkpoints
        self.tail = tail
        self.asleep = asleep
    }
}

/// A sleeping room's row of the index: enough to close it on time and forget it on time without
/// reading it back.
///
/// ```swift
/// SleepingRoom(code: "K7QM-X4TD-9R", closesAt: 1_790_000_000_000, leftAt: 1_789_990_000_000, open: true)
/// ```
package struct SleepingRoom: Hashable, Sendable {
    package var code: RoomCode
    /// Its closing time (wall clock, ms since 1970), if it has one.
    package var closesAt: ServerTime?
    /// When its last member left (wall clock, ms since 1970).
    package var leftAt: ServerTime
    /// Whether it is still open, waiting for its close (false once decided).
    package var open: Bool

    package init(code: RoomCode, closesAt: ServerTime?, leftAt: ServerTime, open: Bool) {
        self.code = code
        self.closesAt = closesAt
        self.leftAt = leftAt
        self.open = open
    }
}
