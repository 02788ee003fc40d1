// The rooms of one machine kept in the SQLite log in the data directory (`--data`): records and
// checkpoints in one transaction, sleeping rooms as a checkpoint and a row of the index, uploaded
// pictures beside them. `open` runs at start on the starting thread (decoding on every core,
// before the service thread exists); everything else on the service thread. It touches only the
// data directory and its log; it never sees a room engine, a timer or a connection.
import Foundation
import SwipeBackend
import SwipePictures
import SwipeProtocol
import SwipeRooms
import SwipeStore

/// The SQLite log as a `RoomStore`.
///
/// ```swift
/// let store = SQLiteRoomStore(directory: "/var/lib/swipedeck", durability: .normal)
/// let kept = try store.open()   // creates the directory (0700) and rooms.sqlite if need be
/// try store.append(records, checkpoints: [], at: now)
/// ```
package final class SQLiteRoomStore: RoomStore {
    /// The file inside the data directory that holds the log.
    package static let logFileName = "rooms.sqlite"
    /// The data directory (`--data`).
    package let directory: String
    /// How each write reaches the disk (`--durability`).
    let durability: Durability
    /// The log, once `open` has opened it.
    package private(set) var log: EventLog?

    package init(directory: String, durability: Durability = .normal) {
        self.directory = directory
        self.durability = durability
    }

    /// The log's path inside the data directory.
    package var path: String { (directory as NSString).appendingPathComponent(Self.logFileName) }

    package var name: String { "the log \(path)" }

    package func open() throws -> StoredRooms {
        try makeDirectory()
        let log: EventLog
        let load: RestartLoad
        let asleep: [HibernatedRow]
        do {
            log = try EventLog(path: path, durability: durability)
            load = try log.loadForRestart()
            asleep = try log.hibernatedRooms()
        } catch let error as StoreError {
            throw ServerStartError(description: error.description)   // names the path and what is wrong
        } catch {
            throw ServerStartError(description: "\(path): \(error)")
        }
        let kept: StoredRooms
        do {
            // Decoding dominates a start: it runs on every core (before the service thread exists).
            let checkpoints = try ParallelMap.map(load.checkpoints, minimumPerChunk: 16) {
                try RoomCheckpoint.decoded($0.state.payload, room: RoomCode($0.state.room))
            }
            let tail = try ParallelMap.map(load.entries) { try LogRecord(entry: $0) }
            kept = StoredRooms(checkpoints: checkpoints, tail: tail, asleep: asleep.map(\.sleepingRoom))
        } catch {
            throw ServerStartError(description: "\(path): cannot replay the log: \(error)")
        }
        try? log.forgetOrphanPictures()
        self.log = log
        return kept
    }

    /// Creates the data directory (mode 0700) if it is not there; refuses a path that is a file.
    private func makeDirectory() throws {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ServerStartError(description: "--data \(directory): not a directory") }
            return
        }
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServerStartError(description: "--data \(directory): cannot create the data directory: \(error.localizedDescription)")
        }
    }

    package func append(_ records: [LogRecord], checkpoints: [RoomCheckpoint], at time: ServerTime) throws {
        let entries = try records.map { try $0.entry() }
        _ = try opened().append(entries, checkpoints: checkpoints.map { $0.state(at: time) })
    }

    package func sleep(_ checkpoint: RoomCheckpoint, as row: SleepingRoom, at time: ServerTime) throws {
        try opened().hibernate(checkpoint.state(at: time), row: HibernatedRow(room: row.code.rawValue, closesAt: row.closesAt, leftAt: row.leftAt, open: row.open))
    }

    package func wake(_ code: RoomCode) throws -> StoredRooms {
        let woken = try opened().wake(room: code.rawValue)
        let checkpoint = try woken.checkpoint.map { try RoomCheckpoint.decoded($0.payload, room: code) }
        return StoredRooms(checkpoints: checkpoint.map { [$0] } ?? [], tail: try woken.entries.map { try LogRecord(entry: $0) })
    }

    package func forget(_ code: RoomCode) throws { try opened().forget(room: code.rawValue) }

    package func keepPictures(_ assets: [PictureAsset], of code: RoomCode) throws {
        try opened().keepPictures(assets.map { StoredPictureRow(etag: $0.etag, format: $0.format.rawValue, bytes: $0.bytes) }, room: code.rawValue)
    }

    package func picture(_ etag: String, of code: RoomCode) throws -> [UInt8]? {
        try opened().picture(room: code.rawValue, etag: etag)?.bytes
    }

    /// The log, or an error that says it was never opened (a call before `open`).
    private func opened() throws -> EventLog {
        guard let log else { throw StoreError(path: path, message: "the log is not open") }
        return log
    }
}

extension RoomCheckpoint {
    /// The checkpoint as the log's row (its compact binary form), as of server time `time`.
    func state(at time: ServerTime) -> RoomState { RoomState(room: code.rawValue, payload: encoded(), at: time) }
}

extension HibernatedRow {
    /// The row as the driver reads the index.
    var sleepingRoom: SleepingRoom {
        SleepingRoom(code: RoomCode(room), closesAt: closesAt, leftAt: leftAt, open: open)
    }
}
