// A node's life over a shared store: the store coming up and going away (ridden out: connections
// told and closed 1013, rooms dropped and loaded again), the periodic look at other nodes that
// died, idle rooms, a room closed by its host. Service thread only (the store tells the backend
// from inside the libev loop's turn); touches this backend's state, the rooms through its RoomHost
// and the store through `SharedStore`. A node always runs on the libev loop, whose nudge reads
// `timers` before every turn, so nothing here arms the lws wake timer.
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms

extension SharedLogBackend {
    /// The store can be reached: this node's deck pictures go to it (so any node serves them, and
    /// a store restarted empty has them again), and the periodic look is due at once (a store that
    /// came up beats at its next tick).
    package func storeCameUp() {
        outage = nil
        nextBeat = 0
        publishPictures(host.registry.library.pictures)
        tick()
    }

    /// The store went away: every connection is told and closed 1013 (clients reconnect, to this
    /// node once the store is back or to another), and every room here is dropped (loaded again
    /// from the store when someone comes back: what the store has is what counts).
    package func storeWentDown(_ reason: String) {
        outage = reason
        host.closeEveryConnection(telling: Self.storeUnavailable(reason), .tryAgainLater, "store unavailable")
        for code in replicas.keys { forgetLocally(code) }
        let loads = loading
        loading = [:]
        catchingUp = []
        reacknowledgements = [:]
        for load in loads.values { load.waiters.forEach { $0(false) } }
    }

    package func published(_ logged: LoggedEntry, in code: RoomCode) {
        received(logged.entry, offset: logged.offset, at: logged.at, in: code)
    }

    package func publishedUnreadable(in code: RoomCode) { catchUp(code) }

    static func storeUnavailable(_ reason: String) -> ProtocolError {
        ProtocolError(.other, "the server cannot reach its store (\(reason)); reconnect in a moment", retryAfter: 1)
    }

    /// The store's own periodic work; then, with each of this node's heartbeats (once a second while
    /// the store is up): other nodes' heartbeats, due closing times, webhook events to take over,
    /// idle rooms, gaps to read again.
    func tick() {
        guard started else { return }
        let time = host.now
        store.tick(at: time)
        guard beat(at: time) else { return }
        checkOtherNodes()
        closeDueRooms()
        takeOverWebhooks(at: time)
        for code in replicas.keys {
            if host.hasMembersHere(in: code) { lastLocalUse[code] = time }
            if replicas[code]?.waiting.isEmpty == false { catchUp(code) }   // a gap that a lost message left: read it again
        }
    }

    /// Asks the store whether the nodes that have members in rooms here are alive; for each that is
    /// not, appends `nodeLost` to those rooms (once per room: the idempotency key).
    private func checkOtherNodes() {
        let others = Set(replicas.values.flatMap { $0.remoteNodes(local: instance) }).subtracting(checkingNodes)
        guard !others.isEmpty else { return }
        checkingNodes.formUnion(others)
        nodesGone(among: others) { [unowned self] other, gone in
            checkingNodes.remove(other)
            guard gone else { return }
            for (code, replica) in replicas where replica.bindings.values.contains(where: { $0.node == other }) {
                host.logger.notice("room \(code): node \(other) stopped answering; its members are offline until they reconnect")
                append(.nodeLost(node: instance, lost: other, grace: host.rules.restartGrace), to: code, idempotencyKey: "lost:\(other)")
            }
        }
    }

    /// Since when nobody on this node has used room `code` (the driver lets it go `--hibernate-after`
    /// later); nil while the store is away, an HTTP request waits for it, or it is not served here.
    package func idleSince(_ code: RoomCode) -> ServerTime? {
        guard started, outage == nil, replicas[code] != nil, !httpWaiting.values.contains(where: { $0.room == code }) else { return nil }
        return lastLocalUse[code] ?? host.now
    }

    /// Drops rooms nobody here uses from this node's memory: the store keeps them, and any node
    /// reads a room's log back when it is asked for.
    package func letGo(_ codes: [RoomCode], at time: ServerTime) {
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
        store.follow(code, false)
    }

    /// A room closed by its host: out of this node, and closed in the store (no more appends).
    func sharedRoomClosed(_ code: RoomCode) {
        guard replicas[code] != nil else { return }
        forgetLocally(code)
        store.seal(code)
    }
}
