// Rooms in Redis, shared by the nodes of a cluster: the store the driver's SharedLogBackend sees
// (`SharedStore`). Each room's entries are a stream (the append script orders them, `WAIT` keeps
// them on replicas), followed through the room's channel; Sentinel finds the primary. Service
// thread only (hiredis answers inside the libev loop's turn), but `connect`, which runs on the
// starting thread; touches its own link and state, and tells the driver through `SharedLogEvents`.
import SwipeBackend
import SwipeProtocol
import SwipeRooms
import Logging

/// Redis as a shared store: the log of every room (`RedisRoomLog+Append`), the channels
/// (`+Channels`) and the records beside the logs (`+Records`).
///
/// ```swift
/// let store = RedisRoomLog(configuration: cluster, onLibevLoop: true, logger: logger) { driver.now }
/// try store.connect(eventLoop: loop, events: backend)   // is Redis there, as --durability asks? then connects
/// ```
package final class RedisRoomLog: SharedStore {
    /// This store's metrics: each append's round trip (the append script, and `WAIT` for replicas), and the link.
    package static let metricNames = StoreMetricNames(appendSeconds: "swipedeck_redis_append_seconds", linkUp: "swipedeck_redis_link_up")
    package let configuration: ClusterConfiguration
    /// This link's own name among the store's clients: each counted event's member (`count`) is unique with it.
    let tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    let logger: Logger
    /// The server's clock (ms; the wall clock in a cluster), for the link's deadlines and stamps.
    let now: () -> ServerTime
    /// False when the server runs on lws's poll loop, where Redis cannot (it needs the libev loop).
    private let onLibevLoop: Bool
    /// What the store said at start (`connect`): its version, the primary, its replicas then, and
    /// the append script's SHA1 (EVALSHA; EVAL again after a Redis restart emptied its script cache).
    var probed: ClusterProbe?
    /// The link, once connected (nil before `connect`: nothing reaches a store then).
    var link: RedisLink?
    /// Who is told what the store says unasked.
    weak var events: (any SharedLogEvents)?
    /// Why the store cannot be reached now (nil: it can).
    private(set) var outage: String? = "connecting"
    /// Appends waiting for a replica to confirm them (`WAIT`), when `--store-replicas` asks for one.
    var replicaWaits: ReplicaWaits<PendingConfirmation>
    /// Events this link has counted in Redis (with `tag`, each one's member in its window).
    var eventsCounted = 0

    package init(configuration: ClusterConfiguration, onLibevLoop: Bool, logger: Logger, now: @escaping () -> ServerTime) {
        self.configuration = configuration
        self.onLibevLoop = onLibevLoop
        self.logger = logger
        self.now = now
        replicaWaits = ReplicaWaits(replicas: configuration.replicas, bound: configuration.replicaWaitMilliseconds)
    }

    // MARK: life

    /// Rooms are loaded from Redis when first asked for: this checks the store answers as
    /// `--store` and `--durability` say (the error says what is wrong), then connects.
    package func connect(eventLoop: UnsafeMutableRawPointer?, events: any SharedLogEvents) throws {
        guard onLibevLoop else {
            throw ServerStartError(description: "--store \(configuration.storeName) needs --event-loop epoll (Redis runs on the same libev loop as lws)")
        }
        guard let eventLoop else {
            throw ServerStartError(description: "--store \(configuration.storeName) needs the libev (epoll) loop, which lws refused here")
        }
        let probed = try ClusterProbe.run(configuration)
        self.probed = probed
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
        logger.info("rooms in \(configuration.storeName) (Redis \(probed.version) at \(probed.primary.host):\(probed.primary.port), durability \(configuration.durability), acknowledged once \(configuration.replicas) replica(s) have it)")
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
        link.subscribe(ClusterKeys.nodes)   // what any node publishes to every node
        events?.storeCameUp()
    }

    private func wentDown(_ reason: String) {
        if outage == nil || outage == "connecting" {
            logger.error("store unavailable: \(reason); closing every connection with 1013 until it is back")
        }
        outage = reason
        events?.storeWentDown(reason)
    }

    /// The link's deadlines (its timeouts, reconnecting).
    package func tick(at time: ServerTime) { link?.tick() }

    package func close() { link?.close() }
}
