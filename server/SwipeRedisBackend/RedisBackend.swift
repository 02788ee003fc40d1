// Rooms in Redis, shared by the nodes of a cluster: the face the shell sees. The work is the
// `ClusterNode`'s (its `ClusterNode+*.swift` extensions beside this file), made at `start` once the
// libev loop exists. Service thread only (hiredis answers inside the libev loop's turn), but for
// `restore` and `start`, which run on the starting thread; reaches the server through its RoomHost.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// The Redis backend: a room-changing input is appended to the room's stream and applied, on every
/// node that serves the room, when the stream has it; rooms not here are loaded from Redis.
///
/// ```swift
/// let backend = RedisBackend(host: shell, configuration: cluster, onLibevLoop: true)
/// try backend.restore()              // is the store there? (ClusterProbe)
/// try backend.start(eventLoop: loop) // the node connects on the libev loop
/// ```
package final class RedisBackend: RoomBackend {
    /// This store's metrics: each append's round trip (the append script, and `WAIT` for replicas), and the link.
    package static let metricNames = StoreMetricNames(appendSeconds: "swipedeck_redis_append_seconds", linkUp: "swipedeck_redis_link_up")
    unowned let host: any RoomHost
    package let configuration: ClusterConfiguration
    /// False when the server runs on lws's poll loop, where Redis cannot (it needs the libev loop).
    private let onLibevLoop: Bool
    /// What the store said at start (`restore`).
    private var probe: ClusterProbe?
    /// The node, once started (nil before `start`: nothing reaches a backend then).
    private(set) var node: ClusterNode?

    package init(host: any RoomHost, configuration: ClusterConfiguration, onLibevLoop: Bool) {
        self.host = host
        self.configuration = configuration
        self.onLibevLoop = onLibevLoop
    }

    /// Rooms are loaded from Redis when first asked for: this only checks the store answers as
    /// `--store` and `--durability` say (the error says what is wrong).
    package func restore() throws {
        guard onLibevLoop else {
            throw ServerStartError(description: "--store \(configuration.storeName) needs --event-loop epoll (Redis runs on the same libev loop as lws)")
        }
        probe = try ClusterProbe.run(configuration)
    }

    package func start(eventLoop: UnsafeMutableRawPointer?) throws {
        guard let eventLoop else {
            throw ServerStartError(description: "--store \(configuration.storeName) needs the libev (epoll) loop, which lws refused here")
        }
        guard let probe else { throw ServerStartError(description: "--store \(configuration.storeName): started before the store was probed") }
        let node = ClusterNode(host: host, configuration: configuration, probe: probe, loop: eventLoop)
        self.node = node
        node.start()
    }

    /// Heartbeats, reconnects and lost nodes (`ClusterNode.tick`); abandoned rooms stay in Redis.
    package func serviceTurn(at time: ServerTime) { node?.tick() }

    package func shuttingDown() { node?.clusterShuttingDown() }

    package func stop() { node?.stop() }

    // MARK: rooms: through the room's stream

    /// Into the room's stream (or answered from this node's copy): its effects reach the driver's
    /// `apply` once the stream has ordered it, on every node that serves the room; none now.
    package func roomInput(_ message: ClientMessage, from member: MemberID, of connection: RoomSession, in code: RoomCode,
                           at time: ServerTime) -> [RoomEffect] {
        node?.roomInput(message, from: member, of: connection, in: code, at: time)
        return []
    }

    package func findRoom(_ code: RoomCode, then: @escaping (Bool) -> Void) {
        guard let node else { then(false); return }
        node.loadRoom(code, then: then)
    }

    package func createRoom(_ request: CreateRoom, pictures: [String: PictureAsset], for connection: RoomSession, at time: ServerTime) {
        node?.createRoom(request, pictures: pictures, for: connection)
    }

    package func joinRoom(_ request: JoinRoom, in code: RoomCode, for connection: RoomSession, at time: ServerTime) {
        node?.joinRoom(request, in: code, for: connection)
    }

    package var unavailable: ProtocolError? {
        guard let outage = node?.outage ?? (node == nil ? "not started" : nil) else { return nil }
        return ClusterNode.storeUnavailable(outage)
    }

    /// Giving up a room its address left unjoined is a single-node rule: another node's creator may still be there.
    package func makeWayForCreate(among rooms: [RoomCode], from address: String) -> Bool { false }

    package func memberDisconnected(_ member: MemberID, of connection: RoomSession, in code: RoomCode, grace: ServerTime,
                                    at time: ServerTime) -> [RoomEffect] {
        node?.clusterDisconnected(member, of: connection, in: code, grace: grace)
        return []
    }

    package func timerDue(_ code: RoomCode, at time: ServerTime) -> [RoomEffect] {
        node?.clusterTimerDue(code)
        return []
    }

    package func roomClosed(_ code: RoomCode) { node?.clusterRoomClosed(code) }

    package func idleSince(_ code: RoomCode) -> ServerTime? { node?.idleSince(code) }

    package func letGo(_ codes: [RoomCode], at time: ServerTime) { node?.letGo(codes, at: time) }

    package func failedLookupRecorded(from address: String, at time: ServerTime) {
        node?.shareFailedLookup(from: address, at: time)
    }

    // MARK: records

    /// Redis going away is an outage members ride out (`error` with `retryAfter`, close 1013), never a stop.
    package var storageFailure: String? { nil }

    // MARK: health and HTTP

    package var health: StoreHealth {
        StoreHealth(node: node?.instance, store: node == nil ? nil : configuration.storeName, reachable: node?.outage == nil,
                    linkUp: node.map { $0.outage == nil } ?? false)
    }

    /// A cluster node answers for any room: one not here yet is loaded first, and the answer waits.
    package func waitForRoom(_ code: RoomCode, path: String, request: HTTPRequestID) -> Bool {
        guard let node, node.outage == nil else { return false }
        node.httpWaiting[request] = (code, path)
        node.loadRoom(code) { [unowned node] _ in
            // Answered when the socket is writeable (unless the client has gone meanwhile).
            if node.httpWaiting[request] != nil { node.host.server.answerWhenReady(request) }
        }
        return true
    }

    package func httpAnswerReady(_ request: HTTPRequestID) -> String? { node?.httpWaiting.removeValue(forKey: request)?.path }

    package func waitForPicture(_ etag: String, in code: RoomCode, path: String, request: HTTPRequestID) -> Bool {
        node?.fetchPicture(etag, in: code, path: path, request: request) ?? false
    }

    package func storedPicture(_ etag: String, in code: RoomCode, for request: HTTPRequestID) -> StoredPicture {
        node?.storedPicture(etag, in: code, for: request) ?? .unavailable(retryAfter: StoredPicture.retryAfter)
    }

    package func httpClosed(_ request: HTTPRequestID) {
        node?.httpWaiting[request] = nil
        node?.pictureAnswers[request] = nil
    }
}

extension RedisBackend {
    /// Of every node that sees a room's webhook event, the first to set its key in the store sends
    /// it (`SET NX`, kept 30 days). With the store unreachable nobody claims it now.
    package func claimOnce(_ key: String, then: @escaping (Bool) -> Void) {
        guard let node else { then(false); return }
        node.claimOnce(key, then: then)
    }
}

extension RedisBackend {
    package func keepWebhook(_ key: String, payload: [UInt8], dueAt: Double) { node?.keepWebhook(key, payload: payload, dueAt: dueAt) }

    package func settleWebhook(_ key: String) { node?.settleWebhook(key) }
}
