// How the server makes its store, as the executable chose it from its flags (`StoreChoice`, in
// SwipeStoreChoice): this target imports no store. Values only, read on the starting thread.
import SwipeRoomDriver
import SwipeBackend
import SwipeNotify

/// A store, wired: how to make its backend and its webhook outbox, and the little the server
/// around it must know (whether nodes share it, its metrics' names). Nothing else of a store
/// reaches the transport.
///
/// ```swift
/// var configuration = ServerConfiguration(port: 0, store: .memory)   // StoreWiring.memory: SwipeStoreChoice
/// configuration.store.sharedByNodes                                  // false
/// ```
public struct StoreWiring: Sendable {
    /// What the store is, for logs and tests ("memory", "file /var/lib/swipedeck", "redis://10.0.0.5:6379/0").
    public var name: String
    /// Whether several nodes share these rooms: their times must compare across nodes (the wall clock).
    public var sharedByNodes: Bool
    /// The store's own metrics.
    public var metrics: StoreMetricNames
    /// Makes the backend serving `host` (`onLibevLoop`: the service thread runs a libev loop).
    package var makeBackend: @Sendable (_ host: any RoomHost, _ onLibevLoop: Bool) -> any RoomBackend
    /// Makes the webhook outbox's store (`backend`: the store's backend, which a shared store keeps
    /// pending events in; `now`: seconds since 1970). A throw keeps the events in memory only, and is logged.
    package var makeWebhookStore: @Sendable (_ backend: any RoomBackend, _ now: @escaping () -> Double) throws -> any WebhookStore

    package init(name: String, sharedByNodes: Bool, metrics: StoreMetricNames,
                 makeBackend: @escaping @Sendable (any RoomHost, Bool) -> any RoomBackend,
                 makeWebhookStore: @escaping @Sendable (any RoomBackend, @escaping () -> Double) throws -> any WebhookStore) {
        self.name = name
        self.sharedByNodes = sharedByNodes
        self.metrics = metrics
        self.makeBackend = makeBackend
        self.makeWebhookStore = makeWebhookStore
    }
}
