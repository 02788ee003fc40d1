// Rooms in Redis, shared by the nodes of a cluster: the face the shell sees. The work is the
// `ClusterNode`'s (its `ClusterNode+*.swift` extensions beside this file), made at `start` once the
// libev loop exists. Service thread only (hiredis answers inside the libev loop's turn), but for
// `restore` and `start`, which run on the starting thread; reaches the server through its RoomHost.
import SwipeProtocol
import SwipeRooms

/// The Redis backend: a room-changing input is appended to the room's stream and applied, on every
/// node that serves the room, when the stream has it; rooms not here are loaded from Redis.
///
/// ```swift
/// let backend = RedisBackend(host: shell, configuration: cluster)
/// try backend.restore()              // is the store there? (ClusterProbe)
/// try backend.start(eventLoop: loop) // the node connects on the libev loop
/// ```
final class RedisBackend: RoomBackend {
    unowned let host: any RoomHost
    let configuration: ClusterConfiguration
    /// What the store said at start (`restore`).
    private var probe: ClusterProbe?
    /// The node, once started (nil before `start`: nothing reaches a backend then).
    private(set) var node: ClusterNode?

    init(host: any RoomHost, configuration: ClusterConfiguration) {
        self.host = host
        self.configuration = configuration
    }

    /// Rooms are loaded from Redis when first asked for: this only checks the store answers as
    /// `--store` and `--durability` say (the error says what is wrong).
    func restore() throws {
        guard host.configuration.eventLoop == .epoll else {
            throw ServerStartError(description: "--store \(configuration.storeName) needs --event-loop epoll (Redis runs on the same libev loop as lws)")
        }
        probe = try ClusterProbe.run(configuration)
    }

    func start(eventLoop: UnsafeMutableRawPointer?) throws {
        guard let eventLoop else {
            throw ServerStartError(description: "--store \(configuration.storeName) needs the libev (epoll) loop, which lws refused here")
        }
        guard let probe else { throw ServerStartError(description: "--store \(configuration.storeName): started before the store was probed") }
        let node = ClusterNode(host: host, configuration: configuration, probe: probe, loop: eventLoop)
        self.node = node
        node.start(probe: probe)
    }

    /// Heartbeats, reconnects and lost nodes (`ClusterNode.tick`); abandoned rooms stay in Redis.
    func serviceTurn(at time: ServerTime) { node?.tick() }

    func shuttingDown() { node?.clusterShuttingDown() }

    func stop() { node?.stop() }

    // MARK: rooms: through the room's stream

    func roomInput(_ message: ClientMessage, from member: MemberID, of connection: Connection, in code: RoomCode, at time: ServerTime) {
        node?.roomInput(message, from: member, of: connection, in: code, at: time)
    }

    func findRoom(_ code: RoomCode, then: @escaping (Bool) -> Void) {
        guard let node else { then(false); return }
        node.loadRoom(code, then: then)
    }

    func createRoom(_ request: CreateRoom, for connection: Connection, at time: ServerTime) {
        node?.createRoom(request, for: connection)
    }

    func joinRoom(_ request: JoinRoom, in code: RoomCode, for connection: Connection, at time: ServerTime) {
        node?.joinRoom(request, in: code, for: connection)
    }

    var unavailable: ProtocolError? {
        guard let outage = node?.outage ?? (node == nil ? "not started" : nil) else { return nil }
        return ClusterNode.storeUnavailable(outage)
    }

    /// Giving up a room its address left unjoined is a single-node rule: another node's creator may still be there.
    func makeWayForCreate(among rooms: [RoomCode], from address: String) -> Bool { false }

    func memberDisconnected(_ member: MemberID, of connection: Connection, in code: RoomCode, grace: ServerTime, at time: ServerTime) {
        node?.clusterDisconnected(member, of: connection, in: code, grace: grace)
    }

    func timerDue(_ code: RoomCode, at time: ServerTime) { node?.clusterTimerDue(code) }

    func roomClosed(_ code: RoomCode) { node?.clusterRoomClosed(code) }

    func failedLookupRecorded(from address: String, at time: ServerTime) {
        node?.shareFailedLookup(from: address, at: time)
    }

    // MARK: records

    /// A room's records are in its stream before the registry applies them (the append is the
    /// commit), so there is nothing left to write here.
    func commit(_ records: [LogRecord]) -> Bool { true }

    /// Redis going away is an outage members ride out (`error` with `retryAfter`, close 1013), never a stop.
    var storageFailure: String? { nil }

    // MARK: health and HTTP

    func describe(_ status: inout ServerStatus) {
        guard let node else { return }
        status.node = node.instance
        status.store = configuration.storeName
        if node.outage != nil { status.status = "unavailable" }
    }

    var linkUp: Bool? { node.map { $0.outage == nil } ?? false }

    /// A cluster node answers for any room: one not here yet is loaded first, and the answer waits.
    func waitForRoom(_ code: RoomCode, path: String, request: HTTPRequestID) -> Bool {
        guard let node, node.outage == nil else { return false }
        node.httpWaiting[request] = path
        node.loadRoom(code) { [unowned node] _ in
            // Answered when the socket is writeable (unless the client has gone meanwhile).
            if node.httpWaiting[request] != nil { node.host.answerWhenReady(request) }
        }
        return true
    }

    func httpAnswerReady(_ request: HTTPRequestID) -> String? { node?.httpWaiting.removeValue(forKey: request) }

    func waitForPicture(_ etag: String, path: String, request: HTTPRequestID) -> Bool {
        node?.fetchPicture(etag, path: path, request: request) ?? false
    }

    func storedPicture(_ etag: String, for request: HTTPRequestID) -> HTTPRoutes.StoredPicture {
        node?.storedPicture(etag, for: request) ?? .unavailable(retryAfter: ClusterNode.pictureRetryAfter)
    }

    func httpClosed(_ request: HTTPRequestID) {
        node?.httpWaiting[request] = nil
        node?.pictureAnswers[request] = nil
    }
}
