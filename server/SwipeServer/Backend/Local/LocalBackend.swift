// Rooms on this machine: inputs go straight to the registry; records go to the SQLite log (if any),
// which this backend owns with its checkpoint policy and its failure (`LocalBackend+Store.swift`).
// Service thread only (its `restore` runs at start, before that thread exists); touches the shell
// through `apply`, the registry, the timers and the per-address ledger.
import SwipeProtocol
import SwipeRooms
import SwipeStore

/// The local backend: the registry applies each input at once; abandoned rooms are evicted here.
///
/// ```swift
/// let backend = LocalBackend(shell: shell)
/// try backend.restore()   // opens --data's log and brings its rooms back
/// ```
final class LocalBackend: RoomBackend {
    unowned let shell: ServerShell
    /// The durable log (nil with no data directory).
    var store: EventLog?
    /// When rooms' checkpoints are stored with their records.
    var checkpointPolicy: CheckpointPolicy
    /// Set once a log write failed: nothing more is written or acknowledged, the server stops.
    var storageFailure: String?
    /// Uploaded pictures by room and tag, when there is no log to keep them (`--data :memory:`).
    var pictures: [RoomCode: [String: PictureAsset]] = [:]

    init(shell: ServerShell) {
        self.shell = shell
        checkpointPolicy = CheckpointPolicy(interval: shell.configuration.checkpointInterval)
    }

    func restore() throws { try openStore() }

    func dispatch(_ message: ClientMessage, from connection: Connection, at time: ServerTime) {
        shell.dispatchLocally(message, from: connection, at: time)
    }

    func memberDisconnected(_ member: MemberID, of connection: Connection, in code: RoomCode, grace: ServerTime, at time: ServerTime) {
        shell.apply(shell.registry.handle(.memberDisconnected(member, grace: grace), in: code, at: time), in: code)
    }

    func timerDue(_ code: RoomCode, at time: ServerTime) {
        shell.apply(shell.registry.handle(.timerFired, in: code, at: time), in: code)
    }

    func serviceTurn(at time: ServerTime) {
        guard let check = shell.timers.evictionCheck, time >= check else { return }
        shell.timers.evictionCheck = time + shell.evictionInterval
        let unjoined = shell.configuration.unjoinedRoomTimeoutSeconds * 1000
        for code in shell.registry.evictAbandoned(idle: ServerShell.abandonedAfter, unjoinedIdle: unjoined, at: time) {
            evicted(code, why: "nobody connected")
        }
    }

    func makeWayForCreate(by connection: Connection) -> Bool {
        guard let left = shell.registry.leftUnjoined(among: shell.ledger.codes(createdBy: connection.address)).first else { return false }
        shell.registry.remove(left)
        evicted(left, why: "its address \(connection.address) reached --max-rooms-per-address and it was left unjoined")
        return true
    }

    /// A room the registry has just evicted: the shell forgets it as it does a closed room (its
    /// members, timers and creator's count; then `roomClosed` takes it out of the log).
    private func evicted(_ code: RoomCode, why: String) {
        shell.apply([], in: code)
        shell.logger.info("room \(code) evicted: \(why) (and forgotten in the log)")
    }

    func failedLookupRecorded(from address: String, at time: ServerTime) {}

    func roomClosed(_ code: RoomCode) { forgetStored(code) }

    func shuttingDown() {}

    func describe(_ status: inout ServerStatus) {}

    var linkUp: Bool? { nil }

    func waitForRoom(_ code: RoomCode, path: String, request wsi: OpaquePointer) -> Bool { false }

    func httpAnswerReady(_ wsi: OpaquePointer) -> String? { nil }

    /// One machine: its own decks' pictures, and its rooms' uploads (`LocalBackend+Pictures.swift`), at once.
    func waitForPicture(_ etag: String, in code: RoomCode, path: String, request wsi: OpaquePointer) -> Bool { false }

    func httpClosed(_ wsi: OpaquePointer) {}
}
