// One node's view of a `MemoryCluster`, as a `SharedStore`: the third implementation of the
// shared kind, beside Redis, and the one the driver's tests run several nodes over with no
// server at all. Every command reaches the cluster, and every answer comes back, only when the
// test calls `MemoryCluster.deliver` (as a network would, in order). Service thread only.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// A `SharedStore` in memory, one per node of a `MemoryCluster`.
///
/// ```swift
/// let store = MemorySharedStore(cluster: cluster, nodeID: "a") { clock.now }
/// let backend = SharedLogBackend(host: driver, store: store)
/// ```
package final class MemorySharedStore: SharedStore {
    package let cluster: MemoryCluster
    package let node: String
    let now: () -> ServerTime
    weak var events: (any SharedLogEvents)?
    /// The rooms this node follows.
    package private(set) var following: Set<RoomCode> = []
    /// When this node's heartbeat is next due (0: at the next tick, as after the store came up).
    var nextBeat: ServerTime = 0

    package init(cluster: MemoryCluster, nodeID: String, now: @escaping () -> ServerTime) {
        self.cluster = cluster
        node = nodeID + "#1"
        self.now = now
    }

    // MARK: SharedStoreLink

    package var name: String { "memory (shared)" }
    package var outage: String? { events == nil ? "connecting" : cluster.outage }
    package func probe() throws {}

    package func connect(eventLoop: UnsafeMutableRawPointer?, events: any SharedLogEvents) throws {
        self.events = events
        cluster.stores.append(self)
        cluster.send { [weak self] in self?.cameUp() }
    }

    /// The store can be reached (again): the heartbeat is due at once, and the node is told.
    func cameUp() {
        nextBeat = 0
        events?.storeCameUp()
    }

    @discardableResult
    package func tick(at time: ServerTime) -> Bool {
        guard cluster.outage == nil, time >= nextBeat else { return false }
        nextBeat = time + NodeHeartbeat.interval
        cluster.beating[node] = time + NodeHeartbeat.lifetime
        return true
    }

    package func nodesGone(among nodes: Set<String>, then: @escaping (String, Bool) -> Void) {
        for other in nodes {
            cluster.send({ [cluster, now] in then(other, (cluster.beating[other] ?? 0) < now()) }, failed: { then(other, false) })
        }
    }

    package func leave() { cluster.beating[node] = nil }

    package func close() {
        cluster.stores.removeAll { $0 === self }
        events = nil
    }

    // MARK: SharedRoomLog

    package func append(_ entry: ClusterEntry, to code: RoomCode, _ options: AppendOptions, then: @escaping (AppendOutcome) -> Void) {
        cluster.send({ [cluster, now] in then(cluster.append(entry, to: code, options, at: now())) },
                     failed: { [cluster] in then(.failed(cluster.outage ?? "gone")) })
    }

    package func read(_ code: RoomCode, after offset: Int, limit: Int?, then: @escaping ([LoggedEntry?]?) -> Void) {
        cluster.send({ [cluster] in
            let after = (cluster.logs[code]?.entries ?? []).drop { $0.offset <= offset }
            then(Array(after.prefix(limit ?? .max)))
        }, failed: { then(nil) })
    }

    package func follow(_ code: RoomCode) {
        following.insert(code)
        cluster.send { [weak self] in self?.events?.followed(code) }
    }

    package func unfollow(_ code: RoomCode) { following.remove(code) }

    package func relay(_ message: [UInt8], except: MemberID?, in code: RoomCode) {
        cluster.send { [cluster, node] in cluster.relay(message, except: except, in: code, from: node) }
    }

    package func closeRoom(_ code: RoomCode) {
        cluster.send { [cluster] in
            cluster.logs[code]?.closed = true
            cluster.uploads[code] = nil
        }
    }

    package func unlistClosing(_ code: RoomCode) {
        cluster.send { [cluster] in cluster.closings[code] = nil }
    }

    package func dueClosings(at time: ServerTime, limit: Int, then: @escaping ([RoomCode]) -> Void) {
        cluster.send({ [cluster] in
            then(cluster.closings.filter { $0.value <= time }.sorted { $0.value < $1.value }.prefix(limit).map(\.key))
        }, failed: { then([]) })
    }

    // MARK: SharedNodeServices

    package func admitRoom(_ code: RoomCode, for address: String, cap: Int, abandonedAfter: ServerTime, at time: ServerTime,
                           then: @escaping (Bool?) -> Void) {
        cluster.send({ [cluster] in
            let open = (cluster.roomsByAddress[address] ?? []).filter { cluster.logs[$0]?.closed != true }
            guard open.count < cap else { return then(false) }
            cluster.roomsByAddress[address, default: []].insert(code)
            then(true)
        }, failed: { then(nil) })
    }

    package func countFailedLookup(from address: String, at time: ServerTime, window: ServerTime, limit: Int,
                                   then: @escaping ([ServerTime]?) -> Void) {
        cluster.send({ [cluster] in
            let kept = (cluster.failures[address] ?? []).filter { $0 > time - window } + [time]
            cluster.failures[address] = kept
            then(kept.map { time - $0 })
        }, failed: { then(nil) })
    }

    package func claimOnce(_ key: String, then: @escaping (Bool) -> Void) {
        cluster.send({ [cluster] in then(cluster.claims.insert(key).inserted) }, failed: { then(false) })
    }

    package func keepWebhook(_ key: String, payload: [UInt8], dueAt: Double) {
        cluster.send { [cluster] in cluster.webhooks[key] = (payload, dueAt) }
    }

    package func settleWebhook(_ key: String) {
        cluster.send { [cluster] in cluster.webhooks[key] = nil }
    }

    package func takeOverWebhooks(at time: ServerTime, then: @escaping ([[UInt8]]) -> Void) {
        cluster.send { [cluster] in
            let due = cluster.webhooks.filter { $0.value.dueAt <= time / 1000 }
            for key in due.keys { cluster.webhooks[key]?.dueAt = time / 1000 + 60 }
            then(due.values.map(\.payload))
        }
    }

    package func publishPictures(_ pictures: [String: PictureAsset]) {
        cluster.send { [cluster] in cluster.pictures.merge(pictures) { kept, _ in kept } }
    }

    package func keepPictures(_ pictures: [PictureAsset], of code: RoomCode) {
        cluster.send { [cluster] in for picture in pictures { cluster.uploads[code, default: [:]][picture.etag] = picture } }
    }

    package func picture(_ etag: String, of code: RoomCode, then: @escaping (StoredPicture) -> Void) {
        cluster.send({ [cluster] in
            then((cluster.uploads[code]?[etag] ?? cluster.pictures[etag]).map { .found($0) } ?? .absent)
        }, failed: { then(.unavailable(retryAfter: StoredPicture.retryAfter)) })
    }
}
