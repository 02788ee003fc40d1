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

    public init(maxMessageBytes: Int = 64 * 1024, messagesPerSecond: Double = 100, messageBurst: Double = 200,
                sendQueueCapacity: Int = 4096) {
        self.maxMessageBytes = maxMessageBytes
        self.messagesPerSecond = messagesPerSecond
        self.messageBurst = messageBurst
        self.sendQueueCapacity = sendQueueCapacity
    }
}
