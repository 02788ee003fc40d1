// Rooms ordered by a log several nodes share (`SharedStore`; Redis: `RedisRoomLog`): a change
// to a room becomes an entry of its log, applied here through the room engine when the log hands
// it back, in offset order, on every node that follows the room. The rest is written once here for
// every such store: the rooms' copies and their stream positions, loading and catching up,
// holding a connection's later inputs behind its appends, the timers, a closing time due with
// nobody online, idle rooms, lost nodes. Service thread only (the store's answers arrive inside
// the libev loop's turn), but `restore` and `start`, which run on the starting thread; reaches
// the rooms through its RoomHost (the driver) and the store through `SharedStore` alone.
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms

/// The driver's backend for stores shared by several nodes: every room-changing input goes to the
/// room's log first, and nothing is applied, acknowledged or broadcast before the log has it.
///
/// ```swift
/// let store = RedisRoomLog(configuration: cluster, onLibevLoop: true, logger: logger) { driver.now }
/// let backend = SharedLogBackend(host: driver, store: store, name: cluster.storeName, nodeID: "n1")
/// try backend.start(eventLoop: loop) // is the store there? connects; the store tells the backend from then on
/// ```
package final class SharedLogBackend: RoomBackend, SharedLogEvents {
    /// The server around the backend.
    unowned let host: any RoomHost
    /// The shared store: the rooms' logs, the nodes' channel, the records beside the logs.
    package let store: any SharedStore
    /// How logs and `/healthz` name the store ("redis://10.0.0.5:6379/0").
    let name: String
    /// This start of this node among those sharing the store: its name and a random suffix.
    package let instance: String
    /// How long a webhook event's sender has past its due time before another node takes it over (ms).
    let webhookTakeover: ServerTime
    /// Whether `start` connected the store (nothing reaches the backend before).
    var started = false
    /// Why the store cannot be reached now (nil: it can), as the store told (`SharedLogEvents`).
    var outage: String? = "connecting"
    /// When this node's heartbeat is next due (0: at the next tick, as after the store came up).
    var nextBeat: ServerTime = 0
    /// Rooms this node serves, with their stream positions (the rooms themselves are in the registry).
    var replicas: [RoomCode: RoomReplica] = [:]
    /// Rooms being loaded from the store: who waits for each, and entries published meanwhile.
    var loading: [RoomCode: RoomLoad] = [:]
    /// Rooms whose missing entries are being read.
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
    /// Other node instances whose heartbeat is being checked.
    var checkingNodes: Set<String> = []

    package init(host: any RoomHost, store: any SharedStore, name: String, nodeID: String, webhookTakeover: ServerTime = 60_000) {
        self.host = host
        self.store = store
        self.name = name
        instance = nodeID + "#" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        self.webhookTakeover = webhookTakeover
    }
}

/// A room being loaded from the store.
struct RoomLoad {
    /// Called with true once the room is here, false when there is no such room or the store failed.
    var waiters: [(Bool) -> Void]
    /// Entries published while the history was being read (applied after it, those it did not hold).
    var published: [(offset: Int, at: Double, entry: ClusterEntry)] = []
}

/// A connection's inputs on their way to the store (`SharedLogBackend.inFlight`).
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
