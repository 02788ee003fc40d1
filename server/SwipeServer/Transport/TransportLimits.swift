/// Limits the transport enforces per connection, per client address and for the whole server.
///
/// ```swift
/// var limits = TransportLimits(maxMessageBytes: 64 * 1024)
/// limits.maxConnectionsPerAddress = 0   // no cap (e.g. a load generator on one machine)
/// ```
public struct TransportLimits: Hashable, Sendable {
    /// Largest accepted message (all fragments together); larger closes with 1009.
    public var maxMessageBytes: Int
    /// A frame declared up to this long is read to its end when it is over `maxMessageBytes`, so
    /// the sender, still sending, reads the `tooLarge` error and the 1009 close (closing earlier
    /// resets its connection and both are lost); one declared longer is closed at once (a client
    /// honestly sending that much is not one of ours). 1 MiB, or 4 × the message limit if larger.
    ///
    /// ```swift
    /// TransportLimits().readToEndBytes   // 1_048_576
    /// ```
    public var readToEndBytes: Int { max(1 << 20, maxMessageBytes * 4) }
    /// Sustained messages per second and burst before a flood closes with 1008.
    public var messagesPerSecond: Double
    public var messageBurst: Double
    /// Frames queued for one connection before it is closed as too slow.
    public var sendQueueCapacity: Int
    /// Failed room-code lookups (unknown room, bad token, HTTP results of an unknown room) per
    /// client address per minute before `rateLimited` / HTTP 429.
    public var failedJoinsPerMinute: Int
    /// Past `failedJoinsPerMinute`, each WebSocket connection from that address may look a room code
    /// up once per this many seconds (the address is slowed, not shut out: a NAT is shared).
    public var slowedJoinIntervalSeconds: Double = 5
    /// Keepalive: ping a connection silent this long (seconds); hang up one silent `idleTimeoutSeconds`.
    public var pingIntervalSeconds: Int
    public var idleTimeoutSeconds: Int
    /// Bytes queued for one connection before it is closed as too slow (1008).
    public var sendQueueBytes = 4 * 1024 * 1024
    /// Bytes queued for all connections together; past it the connection holding the most is closed 1008.
    public var totalQueuedBytes = 256 * 1024 * 1024
    /// `results` requests per connection: sustained per second and burst; past it `rateLimited` (connection stays).
    public var resultsPerSecond: Double = 1
    public var resultsBurst: Double = 5
    /// Open connections (WebSockets and plain HTTP, handshakes included) per client address; 0: no cap.
    public var maxConnectionsPerAddress = 256
    /// Rooms one client address may have created and still open at once; 0: no cap.
    public var maxRoomsPerAddress = 20

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
