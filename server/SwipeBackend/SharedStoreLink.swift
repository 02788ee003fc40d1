// The rest of a store shared by several nodes, beside its log (`SharedRoomLog`): its link and the
// nodes' liveness, and what the nodes share that is not a room's entry (limits, one-time claims,
// webhook events, pictures). Service thread only, but `probe` (the starting thread, before the
// service thread exists).
import SwipeProtocol
import SwipeRooms

/// A shared store's link and this node's place among the nodes: nine requirements.
///
/// ```swift
/// try store.probe()                                   // at start: is it there, and as the flags say?
/// try store.connect(eventLoop: loop, events: backend) // once the event loop exists
/// store.tick(at: now)                                 // every service turn: deadlines, this node's heartbeat
/// ```
package protocol SharedStoreLink: AnyObject {
    /// How logs and `/healthz` name the store ("redis://10.0.0.5:6379/0").
    var name: String { get }
    /// This start of this node among those sharing the store (its name and a random suffix).
    var node: String { get }
    /// Why the store cannot be reached now (nil: it can).
    var outage: String? { get }
    /// At start, on the starting thread: whether the store is there and as the flags ask; the
    /// `ServerStartError` says what is wrong.
    func probe() throws
    /// Once the event loop exists (`eventLoop`: the libev loop, nil on lws's poll loop): connects,
    /// and tells `events` from then on.
    func connect(eventLoop: UnsafeMutableRawPointer?, events: any SharedLogEvents) throws
    /// Every service turn: the link's deadlines, and this node's heartbeat when it is due
    /// (`NodeHeartbeat.interval` apart while the store is up, at once after it came up). True when
    /// the heartbeat was due: the driver's look at other nodes, closing times and webhook events
    /// goes with it, so a node keeps one once-a-second clock, the store's.
    @discardableResult
    func tick(at time: ServerTime) -> Bool
    /// Asks whether each of `nodes` (other nodes' instances) still beats: `then(node, gone)` once
    /// for each, `gone` true when its heartbeat has stopped (false too when the store did not answer).
    func nodesGone(among nodes: Set<String>, then: @escaping (_ node: String, _ gone: Bool) -> Void)
    /// This node is shutting down: the others may take its members as lost now.
    func leave()
    /// After the service loop ended: lets go of the link.
    func close()
}

/// What the nodes share beside the log: nine requirements, each answered on the service thread.
///
/// ```swift
/// store.admitRoom(code, for: "203.0.113.9", cap: 3, abandonedAfter: 1_800_000, at: now) { admitted in … }
/// store.claimOnce("webhook:K7QM-X4TD-9R:decided") { mine in if mine { send() } }
/// ```
package protocol SharedNodeServices: AnyObject {
    /// Whether `address` may create room `code`, its open rooms counted over every node (true or
    /// false; nil: the store did not answer).
    func admitRoom(_ code: RoomCode, for address: String, cap: Int, abandonedAfter: ServerTime, at time: ServerTime,
                   then: @escaping (Bool?) -> Void)
    /// A failed room-code lookup from `address`, counted over every node: `then` gets every node's
    /// failures' ages in the window (nil: the store did not answer, or could not count it).
    func countFailedLookup(from address: String, at time: ServerTime, window: ServerTime, limit: Int,
                           then: @escaping ([ServerTime]?) -> Void)
    /// True to exactly one node that asks for `key` (false to all while the store is away).
    func claimOnce(_ key: String, then: @escaping (Bool) -> Void)
    /// Keeps a webhook event until it is settled; another node may take it over past `dueAt` (s).
    func keepWebhook(_ key: String, payload: [UInt8], dueAt: Double)
    /// The event was delivered or given up.
    func settleWebhook(_ key: String)
    /// The kept events whose sender let their time pass (`time`: ms since 1970), now this node's.
    func takeOverWebhooks(at time: ServerTime, then: @escaping ([[UInt8]]) -> Void)
    /// This node's deck pictures, by tag, for every node to serve (each time the store comes up).
    func publishPictures(_ pictures: [String: PictureAsset])
    /// The pictures a room's host uploaded, kept with the room, before its first entry.
    func keepPictures(_ pictures: [PictureAsset], of code: RoomCode)
    /// A picture of room `code` by tag (an upload of the room, or any node's deck picture), checked.
    func picture(_ etag: String, of code: RoomCode, then: @escaping (StoredPicture) -> Void)
}

/// How a node over a shared store tells the others it is alive, the same for every such store:
/// its heartbeat is refreshed every `interval` and lives `lifetime`; a node whose heartbeat is gone
/// is lost (`SharedStoreLink.nodesGone`), so its members go offline everywhere.
///
/// ```swift
/// store.send(["SET", "node:" + node, "1", "PX", String(Int(NodeHeartbeat.lifetime))])
/// ```
package enum NodeHeartbeat {
    /// How often the heartbeat is refreshed (ms).
    package static let interval: ServerTime = 1000
    /// How long one lives (ms): three refreshes, so one late turn does not lose a node.
    package static let lifetime: ServerTime = 3000
}
