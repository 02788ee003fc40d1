// Rooms in Redis, shared by the nodes of a cluster: the store the driver's SharedLogBackend sees
// (`SharedStore`). Each room's entries are a stream (the append script orders them, `WAIT` keeps
// them on replicas), followed through the room's channel; Sentinel finds the primary. Service
// thread only (hiredis answers inside the libev loop's turn), but `probe`, which runs on the
// starting thread; touches its own link and state, and tells the driver through `SharedLogEvents`.
import SwipeBackend
import SwipeProtocol
import SwipeRooms
import Logging

/// Redis as a shared store: the log of every room (`RedisRoomLog+Append`, `+Channels`), the
/// closing-time list, the shared limits, webhook events and pictures (`+Services`, `+Pictures`).
///
/// ```swift
/// let store = RedisRoomLog(configuration: cluster, onLibevLoop: true, logger: logger) { driver.now }
/// try store.probe()                              // is Redis there, and as --durability asks?
/// try store.connect(eventLoop: loop, events: backend)
/// ```
package final class RedisRoomLog: SharedStore {
    /// This store's metrics: each append's round trip (the append script, and `WAIT` for replicas), and the link.
    package static let metricNames = StoreMetricNames(appendSeconds: "swipedeck_redis_append_seconds", linkUp: "swipedeck_redis_link_up")
    package let configuration: ClusterConfiguration
    package let node: String
    let logger: Logger
    /// The server's clock (ms; the wall clock in a cluster), for the link's deadlines and stamps.
    let now: () -> ServerTime
    /// False when the server runs on lws's poll loop, where Redis cannot (it needs the libev loop).
    private let onLibevLoop: Bool
    /// What the store said at start (`probe`): its version, the primary, its replicas then, and
    /// the append script's SHA1 (EVALSHA; EVAL again after a Redis restart emptied its script cache).
    var probed: ClusterProbe?
    /// The link, once connected (nil before `connect`: nothing reaches a store then).
    var link: RedisLink?
    /// Who is told what the store says unasked.
    weak var events: (any SharedLogEvents)?
    package private(set) var outage: String? = "connecting"
    /// Appends waiting for a replica to confirm them (`WAIT`), when `--store-replicas` asks for one.
    var replicaWaits: ReplicaWaits<PendingConfirmation>
    /// Failed lookups this instance has counted in Redis (each one's member in the shared count).
    var failuresRecorded = 0
    var nextHeartbeat: ServerTime = 0

    package init(configuration: ClusterConfiguration, onLibevLoop: Bool, logger: Logger, now: @escaping () -> ServerTime) {
        self.configuration = configuration
        self.onLibevLoop = onLibevLoop
        self.logger = logger
        self.now = now
        node = configuration.nodeID + "#" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        replicaWaits = ReplicaWaits(replicas: configuration.replicas, bound: configuration.replicaWaitMilliseconds)
    }

    package var name: String { configuration.storeName }

    // MARK: life

    /// Rooms are loaded from Redis when first asked for: this only checks the store answers as
    /// `--store` and `--durability` say (the error says what is wrong).
    package func probe() throws {
        guard onLibevLoop else {
            throw ServerStartError(description: "--store \(configuration.storeName) needs --event-loop epoll (Redis runs on the same libev loop as lws)")
        }
        probed = try ClusterProbe.run(configuration)
    }

    package func connect(eventLoop: UnsafeMutableRawPointer?, events: any SharedLogEvents) throws {
        guard let eventLoop else {
            throw ServerStartError(description: "--store \(configuration.storeName) needs the libev (epoll) loop, which lws refused here")
        }
        guard let probed else { throw ServerStartError(description: "--store \(configuration.storeName): started before the store was probed") }
        self.events = events
        let link = RedisLink(url: probed.primary, credentials: configuration.credentials, sentinel: configuration.sentinel,
                             sentinelCredentials: configuration.sentinelCredentials, loop: eventLoop, clock: now)
        link.handlers = RedisLink.Handlers(
            up: { [unowned self] in cameUp() },
            down: { [unowned self] reason in wentDown(reason) },
            message: { [unowned self] channel, payload in published(payload, on: channel) },
            subscribed: { [unowned self] channel in subscribed(channel) })
        self.link = link
        if probed.replicas < configuration.replicas {
            logger.warning("--store-replicas \(configuration.replicas) but the primary has \(probed.replicas) replica(s) connected: no event is acknowledged until enough replicas are (start them, or lower --store-replicas)")
        }
        logger.info("node \(node): rooms in \(configuration.storeName) (Redis \(probed.version) at \(probed.primary.host):\(probed.primary.port), durability \(configuration.durability), acknowledged once \(configuration.replicas) replica(s) have it)")
        link.connect()
    }

    private func cameUp() {
        guard let link else { return }
        if let outage, outage != "connecting" {
            logger.notice("store \(configuration.storeName) is back (primary \(link.url.host):\(link.url.port))")
        }
        outage = nil
        // A new primary (a failover, a restart) may not know the script: load it before the first append.
        link.send(["SCRIPT", "LOAD", AppendScript.source])
        link.subscribe(ClusterKeys.limits)   // addresses other nodes found past their failed lookups
        nextHeartbeat = 0   // the next tick beats: `events.storeCameUp` ticks through the driver
        events?.storeCameUp()
    }

    private func wentDown(_ reason: String) {
        if outage == nil || outage == "connecting" {
            logger.error("store unavailable: \(reason); closing every connection with 1013 until it is back")
        }
        outage = reason
        events?.storeWentDown(reason)
    }

    /// The link's deadlines, and the heartbeat (which other nodes read to know this one is alive).
    @discardableResult
    package func tick(at time: ServerTime) -> Bool {
        guard let link else { return false }
        link.tick()
        guard outage == nil, time >= nextHeartbeat else { return false }
        nextHeartbeat = time + NodeHeartbeat.interval
        link.send(["SET", ClusterKeys.node(node), "1", "PX", String(Int(NodeHeartbeat.lifetime))])
        return true
    }

    package func nodesGone(among nodes: Set<String>, then: @escaping (_ node: String, _ gone: Bool) -> Void) {
        for other in nodes {
            guard let link, outage == nil else { then(other, false); continue }
            link.send(["EXISTS", ClusterKeys.node(other)]) { reply in then(other, reply?.integer == 0) }
        }
    }

    /// SIGTERM: the heartbeat goes at once, so other nodes take this node's members as lost now.
    package func leave() {
        guard outage == nil else { return }
        link?.send(["DEL", ClusterKeys.node(node)])
    }

    package func close() { link?.close() }
}
