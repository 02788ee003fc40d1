// Per-connection state. Service thread only (owned by ServerShell).
import SwipeProtocol
import SwipeRooms

/// One WebSocket connection as the shell keeps it.
final class Connection {
    let id: ConnectionID
    let wsi: OpaquePointer
    var inbound: [UInt8] = []
    var inboundIsBinary = false
    var outbound: OutboundQueue
    var limiter: RateLimiter
    /// `results` requests (large answers) have their own, slower bucket.
    var resultsLimiter: RateLimiter
    /// The most bytes this connection's queue ever held (memory is handed back to the system on
    /// close when it was large).
    var peakQueuedBytes = 0
    var room: RoomCode?
    var member: MemberID?
    /// The client's IP address (the peer, or behind `--trust-proxy` the forwarded client), for the per-address limits.
    var address = ""
    /// Set when the send queue overflowed: nothing more is queued, only the 1008 close.
    var overflowed = false
    /// The client sent a close frame saying it is leaving (1000 or 1001): its member is gone at
    /// once. Any other end (no close frame, an idle timeout, another code) is a dropped connection,
    /// and a lockstep voter still counts for `--drop-grace`.
    var leftOnPurpose = false
    /// Set once the connection must close after its queue drains.
    var closing: (code: CloseCode, reason: String)?
    /// An over-limit message is still arriving in fragments: they are read and dropped, and the
    /// 1009 close waits for its last fragment (closing earlier would reset a client that is still
    /// sending, and it would never read the `tooLarge` error).
    var discardingOversize = false
    /// The receive guard refused one of its frames (the close is on its way).
    var frameRefused = false
    /// The protocol version its subprotocol chose (1 when it offered none).
    var protocolVersion = 1
    /// In a cluster: its `create` or `join` is on its way to the shared store (a second one is refused).
    var joinPending = false
    /// In a cluster: this connection's swipes, undos and host commands on their way to the store,
    /// and the messages that came after them, held so they are handled in the order they were sent
    /// (a drag of the next card must not overtake the vote that made it the top card).
    var appendsInFlight = 0
    var heldMessages: [ClientMessage] = []
    /// The pictures of the host's own deck it uploaded before its `create` (`ServerShell+PictureUploads`).
    var pictureUploads: PictureUploads?
    /// When it last looked a room code up (a `join` without a valid token), or opened: past its
    /// address's failed lookups, the next may come `--slowed-join-interval` after this.
    var lastLookupAt: ServerTime

    init(id: ConnectionID, wsi: OpaquePointer, limits: TransportLimits, address: String, openedAt: ServerTime) {
        self.address = address
        lastLookupAt = openedAt
        self.id = id
        self.wsi = wsi
        outbound = OutboundQueue(capacity: limits.sendQueueCapacity, maxBytes: limits.sendQueueBytes)
        limiter = RateLimiter(perSecond: limits.messagesPerSecond, burst: limits.messageBurst)
        resultsLimiter = RateLimiter(perSecond: limits.resultsPerSecond, burst: limits.resultsBurst)
    }
}
