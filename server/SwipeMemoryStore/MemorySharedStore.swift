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
/// let store = MemorySharedStore(cluster: cluster) { clock.now }
/// let backend = SharedLogBackend(host: driver, store: store, name: "memory (shared)", nodeID: "a")
/// ```
package final class MemorySharedStore: SharedStore {
    package let cluster: MemoryCluster
    let now: () -> ServerTime
    weak var events: (any SharedLogEvents)?
    /// The rooms this node follows.
    package private(set) var following: Set<RoomCode> = []

    package init(cluster: MemoryCluster, now: @escaping () -> ServerTime) {
        self.cluster = cluster
        self.now = now
    }

    // MARK: the link

    package func connect(eventLoop: UnsafeMutableRawPointer?, events: any SharedLogEvents) throws {
        self.events = events
        cluster.stores.append(self)
        cluster.send { [weak self] in self?.events?.storeCameUp() }
    }

    package func tick(at time: ServerTime) {}

    package func close() {
        cluster.stores.removeAll { $0 === self }
        events = nil
    }

    // MARK: the rooms' logs

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

    package func follow(_ code: RoomCode, _ following: Bool) {
        if following {
            self.following.insert(code)
            cluster.send { [weak self] in self?.events?.followed(code) }
        } else {
            self.following.remove(code)
        }
    }

    package func seal(_ code: RoomCode) {
        cluster.send { [cluster] in
            cluster.logs[code]?.closed = true
            cluster.roomRecords[code] = nil
        }
    }

    // MARK: the channel, and the records

    package func publish(_ message: [UInt8], on channel: SharedChannel) {
        cluster.send { [cluster] in cluster.publish(message, on: channel) }
    }

    package func records(_ request: SharedRecordRequest, then: @escaping (SharedRecordAnswer?) -> Void) {
        cluster.send({ [cluster, now] in then(cluster.answer(request, at: now())) }, failed: { then(nil) })
    }
}
