// Rooms kept in this process's memory, as a `RoomStore`: the third implementation of the
// protocol, beside the SQLite log, and the one the driver's tests run over
// (hibernation, a sleeping room's close, a refused write) with no file at all. Service thread
// only, like every store; it touches nothing but its own dictionaries.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// A `RoomStore` in memory: it keeps what the SQLite log keeps, in the same order, until the
/// process ends. `failWrites` makes every later write throw (as a full disk would).
///
/// ```swift
/// let store = MemoryRoomStore()
/// let backend = LocalBackend(host: driver, store: store)
/// store.failWrites = "disk full"   // the next append throws, and the server stops
/// ```
package final class MemoryRoomStore: RoomStore {
    /// Each awake room's latest checkpoint and the records after it.
    package private(set) var checkpoints: [RoomCode: RoomCheckpoint] = [:]
    package private(set) var tails: [RoomCode: [LogRecord]] = [:]
    /// The order rooms first appeared in (what `open` gives back keeps it).
    private var order: [RoomCode] = []
    /// Sleeping rooms' rows; their state stays in `checkpoints` and `tails`.
    package private(set) var asleep: [RoomCode: SleepingRoom] = [:]
    package private(set) var pictures: [RoomCode: [String: [UInt8]]] = [:]
    /// Records ever appended, forgotten rooms' too (the archive a log keeps).
    package private(set) var appended = 0
    /// Set: every write throws this (a failing disk).
    package var failWrites: String?

    package init() {}

    package var name: String { "the in-memory store" }

    package func open() throws -> StoredRooms {
        var kept = StoredRooms(asleep: order.compactMap { asleep[$0] })
        for code in order where asleep[code] == nil {
            if let checkpoint = checkpoints[code] { kept.checkpoints.append(checkpoint) }
            kept.tail += tails[code] ?? []
        }
        return kept
    }

    package func append(_ records: [LogRecord], checkpoints states: [RoomCheckpoint], at time: ServerTime) throws {
        try refuseIfFailing()
        for record in records {
            note(record.room)
            tails[record.room, default: []].append(record)
        }
        appended += records.count
        for state in states {
            note(state.code)
            checkpoints[state.code] = state
            tails[state.code] = []   // the checkpoint covers them
        }
    }

    package func sleep(_ checkpoint: RoomCheckpoint, as row: SleepingRoom, at time: ServerTime) throws {
        try refuseIfFailing()
        note(row.code)
        checkpoints[row.code] = checkpoint
        tails[row.code] = []
        asleep[row.code] = row
    }

    package func wake(_ code: RoomCode) throws -> StoredRooms {
        asleep[code] = nil
        return StoredRooms(checkpoints: checkpoints[code].map { [$0] } ?? [], tail: tails[code] ?? [])
    }

    package func forget(_ code: RoomCode) throws {
        try refuseIfFailing()
        checkpoints[code] = nil
        tails[code] = nil
        asleep[code] = nil
        pictures[code] = nil
        order.removeAll { $0 == code }
    }

    package func keepPictures(_ assets: [PictureAsset], of code: RoomCode) throws {
        try refuseIfFailing()
        for asset in assets { pictures[code, default: [:]][asset.etag] = asset.bytes }
    }

    package func picture(_ etag: String, of code: RoomCode) throws -> [UInt8]? { pictures[code]?[etag] }

    private func note(_ code: RoomCode) {
        if checkpoints[code] == nil, tails[code] == nil { order.append(code) }
    }

    private func refuseIfFailing() throws {
        if let failWrites { throw MemoryStoreError(description: failWrites) }
    }
}

/// A write the in-memory store was told to refuse.
///
/// ```swift
/// MemoryStoreError(description: "disk full").description   // "disk full"
/// ```
package struct MemoryStoreError: Error, CustomStringConvertible {
    package var description: String
}
