// Per-connection state. Service thread only (owned by ServerShell).
import SwipeProtocol

/// One WebSocket connection as the shell keeps it.
final class Connection {
    let id: ConnectionID
    let wsi: OpaquePointer
    var inbound: [UInt8] = []
    var inboundIsBinary = false
    var outbound: OutboundQueue
    var limiter: RateLimiter
    var room: RoomCode?
    var member: MemberID?
    /// The peer's IP address (for the per-address join limit).
    var address = ""
    /// Set when the send queue overflowed: nothing more is queued, only the 1008 close.
    var overflowed = false
    /// Set once the connection must close after its queue drains.
    var closing: (code: CloseCode, reason: String)?
    /// An over-limit message is still arriving in fragments: they are read and dropped, and the
    /// 1009 close waits for its last fragment (closing earlier would reset a client that is still
    /// sending, and it would never read the `tooLarge` error).
    var discardingOversize = false

    init(id: ConnectionID, wsi: OpaquePointer, limits: TransportLimits) {
        self.id = id
        self.wsi = wsi
        outbound = OutboundQueue(capacity: limits.sendQueueCapacity)
        limiter = RateLimiter(perSecond: limits.messagesPerSecond, burst: limits.messageBurst)
    }
}
