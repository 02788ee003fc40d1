// The one place the server's store is chosen, from the flags, and wired: the executable (and the
// in-process servers of `swipe demo`, the benchmarks and the tests) call it on the starting
// thread; the transport never asks which store it has. Adding a store: one case here, its flags in
// swipe-server, and its target (docs/ARCHITECTURE.md, "Adding a store").
import Foundation
import SwipeBackend
import SwipeNotify
import SwipeRedisStore
import SwipeRoomDriver
import SwipeServer
import SwipeSQLiteStore
import SwipeStore

/// Where rooms live, as the flags chose: in this process only, in a log on this machine, or in
/// Redis shared by several nodes.
///
/// ```swift
/// StoreChoice(dataDirectory: "/var/lib/swipedeck", cluster: nil)   // .file(directory: "/var/lib/swipedeck", …)
/// ServerConfiguration(port: 0, store: StoreChoice.memory.wiring)
/// ```
package enum StoreChoice: Equatable {
    /// `--data :memory:` or no `--data`: rooms live as long as the process.
    case memory
    /// `--data DIR`: every record in DIR's SQLite log before it is acknowledged (`--durability`,
    /// `--checkpoint-every`).
    case file(directory: String, durability: StoreDurability = .normal, checkpointInterval: Int = 1000)
    /// `--store redis://…` or `redis-sentinel://…`: rooms in Redis, served by every node.
    case redis(ClusterConfiguration)

    package init(dataDirectory: String?, cluster: ClusterConfiguration?, durability: StoreDurability = .normal,
                 checkpointInterval: Int = 1000) {
        if let cluster {
            self = .redis(cluster)
        } else if let dataDirectory, dataDirectory != ":memory:" {
            self = .file(directory: dataDirectory, durability: durability, checkpointInterval: checkpointInterval)
        } else {
            self = .memory
        }
    }

    /// Whether several nodes share these rooms: their times must compare across nodes (the wall clock).
    package var sharedByNodes: Bool {
        switch self {
        case .memory, .file: false
        case .redis: true
        }
    }

    /// This choice as the server takes it: its backend, its webhook outbox, its metrics' names.
    package var wiring: StoreWiring {
        switch self {
        case .memory:
            StoreWiring(name: "memory", sharedByNodes: false, metrics: LocalBackend.metricNames,
                        makeBackend: { host, _ in LocalBackend(host: host, store: nil) },
                        makeWebhookStore: { _, _ in MemoryWebhookStore() })
        case let .file(directory, durability, checkpointInterval):
            StoreWiring(name: "file \(directory)", sharedByNodes: false, metrics: LocalBackend.metricNames,
                        makeBackend: { host, _ in
                            LocalBackend(host: host, store: SQLiteRoomStore(directory: directory, durability: durability),
                                         checkpointInterval: checkpointInterval)
                        },
                        makeWebhookStore: { _, now in
                            // Beside the rooms, in their log: an event outlives a restart.
                            try WebhookLogStore(path: (directory as NSString).appendingPathComponent(SQLiteRoomStore.logFileName),
                                                durability: durability, now: now())
                        })
        case let .redis(cluster):
            StoreWiring(name: cluster.storeName, sharedByNodes: true, metrics: RedisRoomLog.metricNames,
                        makeBackend: { host, onLibevLoop in
                            let store = RedisRoomLog(configuration: cluster, onLibevLoop: onLibevLoop, logger: host.logger) { [unowned host] in host.now }
                            return SharedLogBackend(host: host, store: store, name: cluster.storeName, nodeID: cluster.nodeID,
                                                    webhookTakeover: cluster.webhookTakeoverSeconds * 1000)
                        },
                        // Each save goes to the shared store as well, so another node takes it over if this one dies.
                        makeWebhookStore: { backend, now in
                            SharedWebhookStore(keep: backend.keepWebhook, settle: backend.settleWebhook, now: now)
                        })
        }
    }
}

extension StoreWiring {
    /// Rooms that live as long as the process (`swipe demo`, most tests).
    ///
    /// ```swift
    /// ServerConfiguration(port: 0, store: .memory)
    /// ```
    package static var memory: StoreWiring { StoreChoice.memory.wiring }

    /// Rooms in the SQLite log in `directory` (":memory:": as `memory`).
    ///
    /// ```swift
    /// ServerConfiguration(port: 0, store: .file("/var/lib/swipedeck"))
    /// ```
    package static func file(_ directory: String, durability: StoreDurability = .normal, checkpointInterval: Int = 1000) -> StoreWiring {
        StoreChoice(dataDirectory: directory, cluster: nil, durability: durability, checkpointInterval: checkpointInterval).wiring
    }
}
