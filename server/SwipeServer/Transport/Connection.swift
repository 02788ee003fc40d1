// Per-connection state. Service thread only (owned by ServerShell).
import SwipeRoomDriver
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// One WebSocket connection as the shell keeps it: the socket, its frames and queues, its limits;
/// what a backend sees of it (its room, member, address) is the `RoomSession` it is.
final class Connection: RoomSession {
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
    /// Set when the send queue overflowed: nothing more is queued, only the 1008 close.
    var overflowed = false
    /// The client sent a close frame saying it is leaving (1000 or 1001): its member is gone at
    /// once. Any other end (no close frame, an idle timeout, another code) is a dropped connection,
    /// and a lockstep voter still counts for `--drop-grace`.
    var leftOnPurpose = false
    /// An over-limit message is still arriving in fragments: they are read and dropped, and the
    /// 1009 close waits for its last fragment (closing earlier would reset a client that is still
    /// sending, and it would never read the `tooLarge` error).
    var discardingOversize = false
    /// The receive guard refused one of its frames (the close is on its way).
    var frameRefused = false
    /// The pictures of the host's own deck it uploaded before its `create` (`ServerShell+RoomDoor`).
    var pictureUploads: PictureUploads?
    /// Its `create`'s webhook URL, allowed and waiting for the room (`Notify/ServerShell+Webhooks.swift`).
    var notify: String?
    /// The member's key tag, sent by a trusted SSH gateway (`X-SwipeDeck-Key`); nil from anyone else.
    var keyTag: String?
    /// When it last looked a room code up (a `join` without a valid token), or opened: past its
    /// address's failed lookups, the next may come `--slowed-join-interval` after this.
    var lastLookupAt: ServerTime

    init(id: ConnectionID, wsi: OpaquePointer, limits: TransportLimits, address: String, openedAt: ServerTime) {
        lastLookupAt = openedAt
        self.wsi = wsi
        outbound = OutboundQueue(capacity: limits.sendQueueCapacity, maxBytes: limits.sendQueueBytes)
        limiter = RateLimiter(perSecond: limits.messagesPerSecond, burst: limits.messageBurst)
        resultsLimiter = RateLimiter(perSecond: limits.resultsPerSecond, burst: limits.resultsBurst)
        super.init(id: id, address: address)
    }
}
