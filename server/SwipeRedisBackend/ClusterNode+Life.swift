// A cluster node's life: joining the store at start, heartbeats, noticing other nodes that died,
// riding out the store going away, dropping rooms idle here, stopping. Service thread only (the
// Redis link calls back from inside the libev loop's turn); touches this node's state and the server through its RoomHost.
// A node always runs on the libev loop, whose nudge reads `timers` before every turn, so nothing
// here arms the lws wake timer.
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms

extension ClusterNode {
    /// Connects to the store (RedisBackend.start, on the starting thread before the service
    /// thread runs); the link's answers then arrive on the service thread.
    func start() {
        link.handlers = RedisLink.Handlers(
            up: { [unowned self] in storeCameUp() },
            down: { [unowned self] reason in storeWentDown(reason) },
            message: { [unowned self] channel, payload in published(payload, on: channel) },
            subscribed: { [unowned self] channel in subscribed(channel) })
        if probe.replicas < configuration.replicas {
            host.logger.warning("--store-replicas \(configuration.replicas) but the primary has \(probe.replicas) replica(s) connected: no event is acknowledged until enough replicas are (start them, or lower --store-replicas)")
        }
        host.logger.info("node \(instance): rooms in \(configuration.storeName) (Redis \(probe.version) at \(probe.primary.host):\(probe.primary.port), durability \(configuration.durability), acknowledged once \(configuration.replicas) replica(s) have it)")
        link.connect()
    }

    private func storeCameUp() {
        if let outage = outage, outage != "connecting" {
            host.logger.notice("store \(configuration.storeName) is back (primary \(link.url.host):\(link.url.port))")
        }
        outage = nil
        // A new primary (a failover, a restart) may not know the script: load it before the first append.
        link.send(["SCRIPT", "LOAD", AppendScript.source])
        link.subscribe(ClusterKeys.limits)   // addresses other nodes found past their failed lookups
        publishPictures()   // so any node serves this node's decks' pictures
        nextHeartbeat = 0
        tick()
    }

    /// The store went away: every connection is told and closed 1013 (clients reconnect, to this
    /// node once the store is back or to another), and every room here is dropped (loaded again
    /// from the store when someone comes back: what the store has is what counts).
    private func storeWentDown(_ reason: String) {
        if outage == nil || outage == "connecting" {
            host.logger.error("store unavailable: \(reason); closing every connection with 1013 until it is back")
        }
        outage = reason
        host.closeEveryConnection(telling: Self.storeUnavailable(reason), .tryAgainLater, "store unavailable")
        for code in replicas.keys { forgetLocally(code) }
        let loads = loading
        loading = [:]
        catchingUp = []
        reacknowledgements = [:]
        for load in loads.values { load.waiters.forEach { $0(false) } }
    }

    static func storeUnavailable(_ reason: String) -> ProtocolError {
        ProtocolError(.other, "the server cannot reach its store (\(reason)); reconnect in a moment", retryAfter: 1)
    }

    /// Heartbeat, other nodes' heartbeats, the link's deadlines, idle rooms. From housekeeping
    /// (at least once a second).
    func tick() {
        link.tick()
        guard outage == nil else { return }
        let time = host.now
        guard time >= nextHeartbeat else { return }
        nextHeartbeat = time + ClusterNode.heartbeatInterval
        let heartbeat = ["SET", ClusterKeys.node(instance), "1", "PX", String(Int(ClusterNode.heartbeatLifetime))]
        link.send(heartbeat)
        checkOtherNodes()
        closeDueRooms()
        takeOverWebhooks()
        for code in replicas.keys {
            if host.hasMembersHere(in: code) { lastLocalUse[code] = time }
            if replicas[code]?.waiting.isEmpty == false { catchUp(code) }   // a gap that a lost message left: read it again
        }
    }

    /// Asks the store whether the nodes that have members in rooms here are alive; for each that is
    /// not, appends `nodeLost` to those rooms (once per room: the idempotency key).
    private func checkOtherNodes() {
        let others = Set(replicas.values.flatMap { $0.remoteNodes(local: instance) })
        for other in others where !checkingNodes.contains(other) {
            checkingNodes.insert(other)
            link.send(["EXISTS", ClusterKeys.node(other)]) { [unowned self] reply in
                checkingNodes.remove(other)
                guard reply?.integer == 0 else { return }
                for (code, replica) in replicas where replica.bindings.values.contains(where: { $0.node == other }) {
                    host.logger.notice("room \(code): node \(other) stopped answering; its members are offline until they reconnect")
                    append(.nodeLost(node: instance, lost: other, grace: host.rules.restartGrace), to: code,
                           idempotencyKey: "lost:\(other)")
                }
            }
        }
    }

    /// Since when nobody on this node has used room `code` (the driver lets it go `--hibernate-after`
    /// later); nil while the store is away, an HTTP request waits for it, or it is not served here.
    func idleSince(_ code: RoomCode) -> ServerTime? {
        guard outage == nil, replicas[code] != nil, !httpWaiting.values.contains(where: { $0.room == code }) else { return nil }
        return lastLocalUse[code] ?? host.now
    }

    /// Drops rooms nobody here uses from this node's memory: the store keeps them, and any node
    /// reads a room's stream back when it is asked for.
    func letGo(_ codes: [RoomCode], at time: ServerTime) {
        for code in codes where replicas[code] != nil {
            host.logger.debug("room \(code): nobody here for \(Int((time - (lastLocalUse[code] ?? time)) / 1000)) s; dropped from this node's memory")
            forgetLocally(code)
        }
    }

    /// Drops a room from this node's memory (the store keeps it).
    func forgetLocally(_ code: RoomCode) {
        replicas[code] = nil
        lastLocalUse[code] = nil
        reacknowledgements[code] = nil
        catchingUp.remove(code)
        host.registry.remove(code)
        host.roomForgotten(code)
        link.unsubscribe(ClusterKeys.channel(code))
    }

    /// A room closed by its host: out of this node, and marked closed in the store (no more appends).
    func clusterRoomClosed(_ code: RoomCode) {
        guard replicas[code] != nil else { return }
        forgetLocally(code)
        forgetRoomPictures(code)
        let closed = ["HSET", ClusterKeys.meta(code), "closed", "1"]
        link.send(closed)
    }

    /// SIGTERM: the heartbeat goes at once, so other nodes take this node's members as lost now.
    func clusterShuttingDown() {
        guard outage == nil else { return }
        link.send(["DEL", ClusterKeys.node(instance)])
    }

    /// After the service loop ended, before the event loop is destroyed.
    func stop() {
        link.close()
    }
}
