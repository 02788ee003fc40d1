/// What the service thread counts as it works: plain integers, incremented in place on that thread
/// only (no atomics, no locks, no metrics handler on the hot path). `/metrics` reads them on the
/// same thread and hands the increase since the last scrape to swift-metrics (`ServerMetrics`).
///
/// ```swift
/// var counters = ServerCounters()
/// counters.messagesIn += 1
/// counters.refused("rateLimited")
/// counters.refusals["rateLimited"]   // 1
/// ```
public struct ServerCounters: Hashable, Sendable {
    /// Complete WebSocket messages received.
    public var messagesIn = 0
    /// WebSocket frames written.
    public var messagesOut = 0
    /// Votes acknowledged to voters on this server (undos are not counted).
    public var votes = 0
    /// Cards resolved as a match in rooms with members here.
    public var matches = 0
    /// Room checkpoints written to the log.
    public var checkpoints = 0
    /// Refusals by reason: protocol error codes sent in `error` messages, `slowReader` closes, and
    /// HTTP refusals by the code in their JSON body (`http` + status when there is none).
    public var refusals: [String: Int] = [:]

    public init() {}

    /// Counts one refusal of `reason`.
    ///
    /// ```swift
    /// counters.refused("notAllowed")
    /// ```
    public mutating func refused(_ reason: String) {
        refusals[reason, default: 0] += 1
    }
}

/// What `/metrics` reads at the moment of the scrape (gauges), on the service thread.
///
/// ```swift
/// MetricsGauges(openConnections: 3, pendingConnections: 1, roomsByPacing: [.lockstep: 1], queuedBytes: 0)
/// ```
public struct MetricsGauges: Hashable, Sendable {
    /// Open WebSocket connections.
    public var openConnections: Int
    /// Other sockets: handshakes and plain HTTP.
    public var pendingConnections: Int
    /// Rooms by pacing (every pacing is present, 0 when there is none).
    public var roomsByPacing: [String: Int]
    /// Bytes queued for all connections together.
    public var queuedBytes: Int
    /// Whether the link to the store is up (nil: the store has no link, as on this machine).
    public var storeLinkUp: Bool?

    public init(openConnections: Int, pendingConnections: Int, roomsByPacing: [String: Int], queuedBytes: Int, storeLinkUp: Bool? = nil) {
        self.openConnections = openConnections
        self.pendingConnections = pendingConnections
        self.roomsByPacing = roomsByPacing
        self.queuedBytes = queuedBytes
        self.storeLinkUp = storeLinkUp
    }
}
