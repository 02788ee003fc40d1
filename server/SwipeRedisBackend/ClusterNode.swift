// A cluster node's state: its identity, its Redis link and its copies of the rooms it serves.
// Service thread only (owned by the RedisBackend; its `ClusterNode+*.swift` extensions do the work,
// and reach the server only through its RoomHost).
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms

/// The Redis backend's node: everything a server keeps to serve rooms from a shared store
/// (`RedisBackend.start` makes it once the event loop exists).
///
/// ```swift
/// let node = ClusterNode(host: shell, configuration: cluster, probe: probe, loop: loop)
/// node.start()
/// ```
final class ClusterNode {
    /// The server around the backend.
    unowned let host: any RoomHost
    let configuration: ClusterConfiguration
    /// This start of this node: `--node-id` and a random suffix, so a restarted node's connection
    /// numbers never match its former self's in the stream.
    let instance: String
    let link: RedisLink
    /// What the store said at start: its version, the primary, its replicas then, and the append
    /// script's SHA1 (EVALSHA; EVAL again after a Redis restart emptied its script cache).
    let probe: ClusterProbe
    var scriptSHA: String { probe.scriptSHA }
    /// Rooms this node serves, with their stream positions (the rooms themselves are in the registry).
    var replicas: [RoomCode: RoomReplica] = [:]
    /// Rooms being loaded from the store: who waits for each, and entries published meanwhile.
    var loading: [RoomCode: RoomLoad] = [:]
    /// Rooms whose missing entries are being read (XRANGE).
    var catchingUp: Set<RoomCode> = []
    /// Resends of applied swipes and undos, answered once the room has applied `offset`.
    var reacknowledgements: [RoomCode: [(offset: Int, member: MemberID, message: ClientMessage)]] = [:]
    /// Each connection's appends on their way to the store, and the messages that came after them,
    /// held so they are handled in the order they were sent (a drag of the next card must not
    /// overtake the vote that made it the top card). Only connections with one on its way are here.
    var inFlight: [ConnectionID: InFlightInputs] = [:]
    /// When each room last had a member connected here (rooms idle here are dropped).
    var lastLocalUse: [RoomCode: Double] = [:]
    /// HTTP requests (their room and path) waiting for a room to load or a picture, by socket.
    var httpWaiting: [HTTPRequestID: (room: RoomCode, path: String)] = [:]
    /// What the store answered for a picture request that waited, by socket (taken by its answer).
    var pictureAnswers: [HTTPRequestID: (etag: String, stored: StoredPicture)] = [:]
    /// Pictures fetched from the store (pictures of decks this node did not load).
    var pictures = PictureCache()
    var nextHeartbeat: Double = 0
    /// Other node instances whose heartbeat is being checked.
    var checkingNodes: Set<String> = []
    /// Failed lookups this instance has counted in Redis (each one's member in the shared count).
    var failuresRecorded = 0
    /// Appends waiting for a replica to confirm them (`WAIT`), when `--store-replicas` asks for one.
    var replicaWaits: ReplicaWaits<PendingConfirmation>
    /// Why the store is unreachable (nil while it is up).
    var outage: String? = "connecting"

    init(host: any RoomHost, configuration: ClusterConfiguration, probe: ClusterProbe, loop: UnsafeMutableRawPointer) {
        self.host = host
        self.configuration = configuration
        instance = configuration.nodeID + "#" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        link = RedisLink(url: probe.primary, credentials: configuration.credentials, sentinel: configuration.sentinel,
                         sentinelCredentials: configuration.sentinelCredentials, loop: loop) { [unowned host] in host.now }
        self.probe = probe
        replicaWaits = ReplicaWaits(replicas: configuration.replicas, bound: configuration.replicaWaitMilliseconds)
    }

    /// How often the heartbeat is refreshed, and how long it lives (ms).
    static let heartbeatInterval: Double = 1000
    static let heartbeatLifetime: Double = 3000
}

/// A room being loaded from the store.
struct RoomLoad {
    /// Called with true once the room is here, false when there is no such room or the store failed.
    var waiters: [(Bool) -> Void]
    /// Entries published while the history was being read (applied after it, those it did not hold).
    var published: [(offset: Int, at: Double, entry: ClusterEntry)] = []
}

/// A connection's inputs on their way to the store (`ClusterNode.inFlight`).
///
/// ```swift
/// var inputs = InFlightInputs()
/// inputs.appends += 1          // a vote sent to the stream
/// inputs.held.append(.drag(d)) // waits for the vote's answer
/// ```
struct InFlightInputs {
    /// Appends sent and not yet answered.
    var appends = 0
    /// Messages that came after them, in order.
    var held: [ClientMessage] = []
}
