import SwipeBackend
import SwipeStore

/// Running as one node of a cluster: rooms live in a shared Redis instead of the local log
/// (docs/SCALING.md).
///
/// ```swift
/// let cluster = ClusterConfiguration(store: try RedisURL(parsing: "redis://127.0.0.1:6379"), nodeID: "n1")
/// let configuration = ServerConfiguration(store: StoreChoice.redis(cluster).wiring)   // SwipeStoreChoice
/// ```
public struct ClusterConfiguration: Hashable, Sendable {
    /// The shared store; every node given the same URL shares rooms.
    public var store: RedisURL
    /// This node's name in logs and `/healthz` (each start adds a random suffix: the instance).
    public var nodeID: String
    /// `full`: refuse to start unless Redis fsyncs every write (appendonly yes, appendfsync always),
    /// so an acknowledged vote survives a Redis crash; `normal`: whatever Redis is configured with.
    public var durability: Durability
    /// How long a room's keys stay in Redis after its last entry (seconds).
    public var roomLifetimeSeconds: Int
    /// Sent as AUTH first on every connection to Redis (nil: none).
    public var credentials: RedisCredentials?
    /// The Sentinels that find the primary (`--store redis-sentinel://…`); nil: `store` is the primary.
    /// With them, `store` keeps only the data connection's user and database.
    public var sentinel: SentinelURL?
    /// Sent as AUTH first on every connection to a Sentinel (nil: none).
    public var sentinelCredentials: RedisCredentials?
    /// How many replicas must have an event before it is acknowledged (`WAIT N`); 0: none waited for.
    public var replicas = 0
    /// How long an event waits for those replicas before the member is told to send it again (ms).
    public var replicaWaitMilliseconds = 500
    /// How long (s) past a webhook event's time its sending node has to save it again before another
    /// node takes it over (`--webhook-takeover`): more than a request takes, and the heartbeats between.
    public var webhookTakeoverSeconds: Double = 60

    /// What `--store` named, for logs and `/healthz`.
    ///
    /// ```swift
    /// configuration.storeName   // "redis-sentinel://10.0.0.5:26379/swipedeck" or "redis://10.0.0.5:6379/0"
    /// ```
    public var storeName: String { sentinel?.description ?? store.description }

    public init(store: RedisURL, nodeID: String, durability: Durability = .normal, roomLifetimeSeconds: Int = 7 * 86_400) {
        self.store = store
        self.nodeID = nodeID
        self.durability = durability
        self.roomLifetimeSeconds = roomLifetimeSeconds
    }
}
