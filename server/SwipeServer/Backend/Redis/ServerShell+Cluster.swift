// A cluster node's life: joining the store at start, heartbeats, noticing other nodes that died,
// riding out the store going away, dropping rooms idle here, stopping. Service thread only (the
// Redis link calls back from inside the libev loop's turn); touches the shell and its ClusterNode.
// A node always runs on the libev loop, whose nudge reads `timers` before every turn, so nothing
// here arms the lws wake timer.
import Foundation
import SwipeProtocol
import SwipeRooms

extension ServerShell {
    var instance: String { cluster?.instance ?? "" }

    /// Makes this shell a node of the cluster (SwipeServerHost.start, before the service thread runs).
    func startCluster(_ configuration: ClusterConfiguration, probe: ClusterProbe, loop: UnsafeMutableRawPointer) {
        let node = ClusterNode(configuration: configuration, probe: probe, loop: loop) { [unowned self] in now }
        node.link.handlers = RedisLink.Handlers(
            up: { [unowned self] in storeCameUp() },
            down: { [unowned self] reason in storeWentDown(reason) },
            message: { [unowned self] channel, payload in published(payload, on: channel) },
            subscribed: { [unowned self] channel in subscribed(channel) })
        cluster = node
        if probe.replicas < configuration.replicas {
            logger.warning("--store-replicas \(configuration.replicas) but the primary has \(probe.replicas) replica(s) connected: no event is acknowledged until enough replicas are (start them, or lower --store-replicas)")
        }
        logger.info("node \(node.instance): rooms in \(configuration.storeName) (Redis \(probe.version) at \(probe.primary.host):\(probe.primary.port), durability \(configuration.durability), acknowledged once \(configuration.replicas) replica(s) have it)")
        node.link.connect()
    }

    private func storeCameUp() {
        guard let cluster else { return }
        if let outage = cluster.outage, outage != "connecting" {
            logger.notice("store \(cluster.configuration.storeName) is back (primary \(cluster.link.url.host):\(cluster.link.url.port))")
        }
        cluster.outage = nil
        // A new primary (a failover, a restart) may not know the script: load it before the first append.
        cluster.link.send(["SCRIPT", "LOAD", AppendScript.source])
        cluster.link.subscribe(ClusterKeys.limits)   // addresses other nodes found past their failed lookups
        publishPictures()   // so any node serves this node's decks' pictures
        cluster.nextHeartbeat = 0
        clusterTick()
    }

    /// The store went away: every connection is told and closed 1013 (clients reconnect, to this
    /// node once the store is back or to another), and every room here is dropped (loaded again
    /// from the store when someone comes back: what the store has is what counts).
    private func storeWentDown(_ reason: String) {
        guard let cluster else { return }
        if cluster.outage == nil || cluster.outage == "connecting" {
            logger.error("store unavailable: \(reason); closing \(connections.count) connection(s) with 1013 until it is back")
        }
        cluster.outage = reason
        for connection in connections.values where connection.closing == nil {
            enqueue(.error(Self.storeUnavailable(reason)), to: connection)
            closeAfterFlush(connection, .tryAgainLater, "store unavailable")
        }
        for code in cluster.replicas.keys { forgetLocally(code) }
        let loads = cluster.loading
        cluster.loading = [:]
        cluster.catchingUp = []
        cluster.reacknowledgements = [:]
        for load in loads.values { load.waiters.forEach { $0(false) } }
    }

    static func storeUnavailable(_ reason: String) -> ProtocolError {
        ProtocolError(.other, "the server cannot reach its store (\(reason)); reconnect in a moment", retryAfter: 1)
    }

    /// Heartbeat, other nodes' heartbeats, the link's deadlines, idle rooms. From housekeeping
    /// (at least once a second).
    func clusterTick() {
        guard let cluster else { return }
        cluster.link.tick()
        guard cluster.outage == nil else { return }
        let time = now
        guard time >= cluster.nextHeartbeat else { return }
        cluster.nextHeartbeat = time + ClusterNode.heartbeatInterval
        let heartbeat = ["SET", ClusterKeys.node(cluster.instance), "1", "PX", String(Int(ClusterNode.heartbeatLifetime))]
        cluster.link.send(heartbeat)
        checkOtherNodes()
        for code in cluster.replicas.keys {
            if let members = membersOnline[code], !members.isEmpty { cluster.lastLocalUse[code] = time }
            let idle = time - (cluster.lastLocalUse[code] ?? time)
            if idle > ClusterNode.idleRoomLifetime, !cluster.httpWaiting.values.contains(where: { HTTPRoutes.room(inPath: $0) == code }) {
                logger.debug("room \(code): nobody here for \(Int(idle / 1000)) s; dropped from this node's memory")
                forgetLocally(code)
            } else if cluster.replicas[code]?.waiting.isEmpty == false {
                catchUp(code)   // a gap that a lost message left: read it again
            }
        }
    }

    /// Asks the store whether the nodes that have members in rooms here are alive; for each that is
    /// not, appends `nodeLost` to those rooms (once per room: the idempotency key).
    private func checkOtherNodes() {
        guard let cluster else { return }
        let others = Set(cluster.replicas.values.flatMap { $0.remoteNodes(local: cluster.instance) })
        for other in others where !cluster.checkingNodes.contains(other) {
            cluster.checkingNodes.insert(other)
            cluster.link.send(["EXISTS", ClusterKeys.node(other)]) { [unowned self] reply in
                cluster.checkingNodes.remove(other)
                guard reply?.integer == 0 else { return }
                for (code, replica) in cluster.replicas where replica.bindings.values.contains(where: { $0.node == other }) {
                    logger.notice("room \(code): node \(other) stopped answering; its members are offline until they reconnect")
                    append(.nodeLost(node: cluster.instance, lost: other, grace: configuration.restartGrace), to: code,
                           idempotencyKey: "lost:\(other)")
                }
            }
        }
    }

    /// Drops a room from this node's memory (the store keeps it).
    func forgetLocally(_ code: RoomCode) {
        guard let cluster else { return }
        cluster.replicas[code] = nil
        cluster.lastLocalUse[code] = nil
        cluster.reacknowledgements[code] = nil
        cluster.catchingUp.remove(code)
        registry.remove(code)
        membersOnline[code] = nil
        timers.cancelRoomTimer(code)
        cluster.link.unsubscribe(ClusterKeys.channel(code))
    }

    /// A room closed by its host: out of this node, and marked closed in the store (no more appends).
    func clusterRoomClosed(_ code: RoomCode) {
        guard let cluster, cluster.replicas[code] != nil else { return }
        forgetLocally(code)
        let closed = ["HSET", ClusterKeys.meta(code), "closed", "1"]
        cluster.link.send(closed)
        forgetRoomPictures(code)
    }

    /// SIGTERM: the heartbeat goes at once, so other nodes take this node's members as lost now.
    func clusterShuttingDown() {
        guard let cluster, cluster.outage == nil else { return }
        cluster.link.send(["DEL", ClusterKeys.node(cluster.instance)])
    }

    /// After the service loop ended, before the event loop is destroyed.
    func closeCluster() {
        cluster?.link.close()
    }
}
