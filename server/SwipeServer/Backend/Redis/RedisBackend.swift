// Rooms in Redis, shared by the nodes of a cluster: the shell's cluster extensions
// (`ServerShell+Cluster*.swift` beside this file) do the work; this is the face the shell sees.
// Service thread only (hiredis answers inside the libev loop's turn); touches the shell and its ClusterNode.
import CLibWebSockets
import SwipeProtocol
import SwipeRooms

/// The Redis backend: a room-changing input is appended to the room's stream and applied, on every
/// node that serves the room, when the stream has it; rooms not here are loaded from Redis.
///
/// ```swift
/// let backend = RedisBackend(shell: shell)   // shell.startCluster(…) connects it
/// ```
final class RedisBackend: RoomBackend {
    unowned let shell: ServerShell

    init(shell: ServerShell) { self.shell = shell }

    /// Rooms are loaded from Redis when first asked for; the link is opened by `startCluster`.
    func restore() throws {}

    /// A room's records are in its stream before the registry applies them (the append is the
    /// commit), so there is nothing left to write here.
    func commit(_ records: [LogRecord]) -> Bool { true }

    /// Redis going away is an outage members ride out (`error` with `retryAfter`, close 1013), never a stop.
    var storageFailure: String? { nil }

    func dispatch(_ message: ClientMessage, from connection: Connection, at time: ServerTime) {
        shell.clusterDispatch(message, from: connection, at: time)
    }

    func memberDisconnected(_ member: MemberID, of connection: Connection, in code: RoomCode, grace: ServerTime, at time: ServerTime) {
        shell.clusterDisconnected(member, of: connection, in: code, grace: grace)
    }

    func timerDue(_ code: RoomCode, at time: ServerTime) { shell.clusterTimerDue(code) }

    /// Heartbeats, reconnects and lost nodes (`clusterTick`); abandoned rooms stay in Redis.
    func serviceTurn(at time: ServerTime) { shell.clusterTick() }

    /// Giving up a room its address left unjoined is a single-node rule: another node's creator may still be there.
    func makeWayForCreate(by connection: Connection) -> Bool { false }

    func failedLookupRecorded(from address: String, at time: ServerTime) {
        shell.shareFailedLookup(from: address, at: time)
    }

    func roomClosed(_ code: RoomCode) { shell.clusterRoomClosed(code) }

    func shuttingDown() { shell.clusterShuttingDown() }

    func describe(_ status: inout ServerStatus) {
        guard let cluster = shell.cluster else { return }
        status.node = cluster.instance
        status.store = cluster.configuration.storeName
        if cluster.outage != nil { status.status = "unavailable" }
    }

    var linkUp: Bool? { shell.cluster.map { $0.outage == nil } }

    /// A cluster node answers for any room: one not here yet is loaded first, and the answer waits.
    func waitForRoom(_ code: RoomCode, path: String, request wsi: OpaquePointer) -> Bool {
        guard let cluster = shell.cluster, cluster.outage == nil else { return false }
        cluster.httpWaiting[wsi] = path
        shell.loadRoom(code) { _ in
            // Answered in HTTP_WRITEABLE (unless the client has gone meanwhile).
            if cluster.httpWaiting[wsi] != nil { lws_callback_on_writable(wsi) }
        }
        return true
    }

    func httpAnswerReady(_ wsi: OpaquePointer) -> String? { shell.cluster?.httpWaiting.removeValue(forKey: wsi) }

    func waitForPicture(_ etag: String, in code: RoomCode, path: String, request wsi: OpaquePointer) -> Bool {
        shell.fetchPicture(etag, in: code, path: path, request: wsi)
    }

    func storedPicture(_ etag: String, in code: RoomCode, for wsi: OpaquePointer) -> HTTPRoutes.StoredPicture {
        shell.storedPicture(etag, for: wsi)
    }

    /// Into the room's picture hash, sent before the room's `created` entry on the same link (so
    /// Redis has them first); see `ServerShell+ClusterRoomPictures.swift`.
    func keepPictures(_ pictures: [PictureAsset], of code: RoomCode) -> Bool {
        shell.storeRoomPictures(pictures, of: code)
        return true
    }

    func httpClosed(_ wsi: OpaquePointer) {
        shell.cluster?.httpWaiting[wsi] = nil
        shell.cluster?.pictureAnswers[wsi] = nil
    }
}
