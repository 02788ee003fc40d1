// Rooms on this machine: inputs go straight to the registry; records go to the SQLite log (if any),
// which this backend owns with its checkpoint policy and its failure (`LocalBackend+Store.swift`).
// Service thread only (its `restore` runs at start, before that thread exists); reaches the server
// through its RoomHost (the registry, `apply`, the timers).
import SwipeProtocol
import SwipeRooms
import SwipeStore

/// The local backend: the registry applies each input at once; abandoned rooms are evicted here.
///
/// ```swift
/// let backend = LocalBackend(host: shell, directory: "/var/lib/swipedeck")
/// try backend.restore()   // opens the directory's log and brings its rooms back
/// ```
final class LocalBackend: RoomBackend {
    unowned let host: any RoomHost
    /// Where the log is (nil: rooms live only as long as the process).
    let directory: String?
    /// The durable log (nil with no data directory).
    var store: EventLog?
    /// When rooms' checkpoints are stored with their records.
    var checkpointPolicy: CheckpointPolicy
    /// Set once a log write failed: nothing more is written or acknowledged, the server stops.
    var storageFailure: String?
    /// How often abandoned rooms are looked for (ms): every minute, or twice per `--unjoined-room-timeout`.
    let evictionInterval: ServerTime

    init(host: any RoomHost, directory: String?) {
        self.host = host
        self.directory = directory
        checkpointPolicy = CheckpointPolicy(interval: host.configuration.checkpointInterval)
        evictionInterval = min(60_000, max(250, host.configuration.unjoinedRoomTimeoutSeconds * 500))
        host.timers.evictionCheck = host.now + evictionInterval
    }

    func restore() throws { try openStore() }

    func start(eventLoop: UnsafeMutableRawPointer?) throws {}

    // MARK: rooms: at once, in this process

    func roomInput(_ message: ClientMessage, from member: MemberID, of connection: Connection, in code: RoomCode, at time: ServerTime) {
        host.apply(host.registry.handle(.messageReceived(member, message), in: code, at: time), in: code)
    }

    func findRoom(_ code: RoomCode, then: @escaping (Bool) -> Void) { then(host.registry.rooms[code] != nil) }

    func createRoom(_ request: CreateRoom, for connection: Connection, at time: ServerTime) {
        let result = host.registry.create(request, from: connection.id, at: time)
        if let code = result.room { host.roomCreated(code, by: connection) }
        host.apply(result.effects, in: result.room)
    }

    func joinRoom(_ request: JoinRoom, in code: RoomCode, for connection: Connection, at time: ServerTime) {
        let result = host.registry.join(request, from: connection.id, at: time)
        connection.joinPending = false
        if result.effects.contains(where: RoomEffect.isGuessMiss) { host.failedLookup(from: connection.address, at: time) }
        host.apply(result.effects, in: result.room)
    }

    /// Never: the log is on this machine, and a failure stops the server instead.
    var unavailable: ProtocolError? { nil }

    func makeWayForCreate(among rooms: [RoomCode], from address: String) -> Bool {
        guard let left = host.registry.leftUnjoined(among: rooms).first else { return false }
        host.registry.remove(left)
        evicted(left, why: "its address \(address) reached --max-rooms-per-address and it was left unjoined")
        return true
    }

    func memberDisconnected(_ member: MemberID, of connection: Connection, in code: RoomCode, grace: ServerTime, at time: ServerTime) {
        host.apply(host.registry.handle(.memberDisconnected(member, grace: grace), in: code, at: time), in: code)
    }

    func timerDue(_ code: RoomCode, at time: ServerTime) {
        host.apply(host.registry.handle(.timerFired, in: code, at: time), in: code)
    }

    func serviceTurn(at time: ServerTime) {
        guard let check = host.timers.evictionCheck, time >= check else { return }
        host.timers.evictionCheck = time + evictionInterval
        let unjoined = host.configuration.unjoinedRoomTimeoutSeconds * 1000
        for code in host.registry.evictAbandoned(idle: ServerConfiguration.abandonedAfter, unjoinedIdle: unjoined, at: time) {
            evicted(code, why: "nobody connected")
        }
    }

    /// A room the registry has just evicted: the shell forgets it as it does a closed room (its
    /// members, timers and creator's count; then `roomClosed` takes it out of the log).
    private func evicted(_ code: RoomCode, why: String) {
        host.apply([], in: code)
        host.logger.info("room \(code) evicted: \(why) (and forgotten in the log)")
    }

    func failedLookupRecorded(from address: String, at time: ServerTime) {}

    func roomClosed(_ code: RoomCode) { forgetStored(code) }

    func shuttingDown() {}

    func stop() {}

    // MARK: health and HTTP: one machine, nothing to wait for

    func describe(_ status: inout ServerStatus) {}

    var linkUp: Bool? { nil }

    func waitForRoom(_ code: RoomCode, path: String, request: HTTPRequestID) -> Bool { false }

    func httpAnswerReady(_ request: HTTPRequestID) -> String? { nil }

    /// One machine: only its own decks' pictures.
    func waitForPicture(_ etag: String, path: String, request: HTTPRequestID) -> Bool { false }

    func storedPicture(_ etag: String, for request: HTTPRequestID) -> HTTPRoutes.StoredPicture { .noStore }

    func httpClosed(_ request: HTTPRequestID) {}
}
