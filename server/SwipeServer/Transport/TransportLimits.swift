/// Limits the transport enforces per connection.
///
/// ```swift
/// let limits = TransportLimits(maxMessageBytes: 64 * 1024)
/// ```
public struct TransportLimits: Hashable, Sendable {
    /// Largest accepted message (all fragments together); larger closes with 1009.
    public var maxMessageBytes: Int
    /// Sustained messages per second and burst before a flood closes with 1008.
    public var messagesPerSecond: Double
    public var messageBurst: Double
    /// Frames queued for one connection before it is closed as too slow.
    public var sendQueueCapacity: Int
    /// Failed joins (unknown room, bad token) per client address per minute before `rateLimited`.
    public var failedJoinsPerMinute: Int
    /// Keepalive: ping a connection silent this long (seconds); hang up one silent `idleTimeoutSeconds`.
    public var pingIntervalSeconds: Int
    public var idleTimeoutSeconds: Int

    public init(maxMessageBytes: Int = 64 * 1024, messagesPerSecond: Double = 100, messageBurst: Double = 200,
                sendQueueCapacity: Int = 4096, failedJoinsPerMinute: Int = 20, pingIntervalSeconds: Int = 30,
                idleTimeoutSeconds: Int = 75) {
        self.maxMessageBytes = maxMessageBytes
        self.messagesPerSecond = messagesPerSecond
        self.messageBurst = messageBurst
        self.sendQueueCapacity = sendQueueCapacity
        self.failedJoinsPerMinute = failedJoinsPerMinute
        self.pingIntervalSeconds = pingIntervalSeconds
        self.idleTimeoutSeconds = idleTimeoutSeconds
    }
}
