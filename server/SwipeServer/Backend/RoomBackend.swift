// Where rooms live: the shell holds one RoomBackend, chosen at start (`ServerShell.init`), and
// never asks which. Service thread only, like the shell that calls it.
import SwipeProtocol
import SwipeRooms

/// Where a room's inputs go before the room engine sees them and where its records are kept: this
/// machine (`LocalBackend`: the registry applies inputs at once and the SQLite log, if any, keeps
/// the records) or Redis shared by several nodes (`RedisBackend`: inputs become entries of the
/// room's stream, applied on every node in stream order). The shell carries out the effects either
/// way; a backend calls back into it (`apply`, `enqueue`).
///
/// Adding a backend: implement these for the new store and choose it in `ServerShell.makeBackend`;
/// the backend owns its store and its failures (the shell holds none of their state).
/// It must apply a room's inputs in one order on every process that serves the room, make records
/// durable before the effects that acknowledge them, and restore rooms at start.
///
/// ```swift
/// shell.backend.dispatch(.swipe(vote), from: connection, at: shell.now)
/// ```
protocol RoomBackend: AnyObject {
    /// At start, before the service thread exists: open the store and bring its rooms back
    /// (a backend whose rooms are loaded when first asked for does nothing).
    func restore() throws
    /// The records of one `apply` (its `.append` effects, in order), made durable before any effect
    /// that acknowledges them. False: they could not be; nothing of that `apply` is carried out and
    /// the backend has stopped the server (`storageFailure` says why).
    func commit(_ records: [LogRecord]) -> Bool
    /// Why the store stopped the server, once it did.
    var storageFailure: String? { get }
    /// A client message from a connection (joined to a room or not).
    func dispatch(_ message: ClientMessage, from connection: Connection, at time: ServerTime)
    /// A joined member's connection closed (`grace`: how long they may come back, 0 when they left).
    func memberDisconnected(_ member: MemberID, of connection: Connection, in code: RoomCode, grace: ServerTime, at time: ServerTime)
    /// A room's timer came due.
    func timerDue(_ code: RoomCode, at time: ServerTime)
    /// Every turn of the service loop: the backend's own periodic work.
    func serviceTurn(at time: ServerTime)
    /// At `--max-rooms-per-address`: whether a room the address left unjoined was given up to make
    /// way for `connection`'s create.
    func makeWayForCreate(by connection: Connection) -> Bool
    /// A failed room-code lookup from `address` was counted here (a backend may count it further).
    func failedLookupRecorded(from address: String, at time: ServerTime)
    /// A room is gone from this process (closed by its host, or evicted).
    func roomClosed(_ code: RoomCode)
    /// The server is shutting down (connections are being closed with 1001).
    func shuttingDown()
    /// What `/healthz` says of the store.
    func describe(_ status: inout ServerStatus)
    /// Whether the link to a shared store is up (nil: there is none).
    var linkUp: Bool? { get }
    /// An HTTP request names `code`: true when its answer must wait until the room is loaded
    /// (the backend calls `lws_callback_on_writable` then, and `httpAnswerReady` hands the path back).
    func waitForRoom(_ code: RoomCode, path: String, request wsi: OpaquePointer) -> Bool
    /// The path a request waited for, once its room is loaded (nil: it was not waiting); forgets it.
    func httpAnswerReady(_ wsi: OpaquePointer) -> String?
    /// A picture request whose card's tag (`etag`) this node's decks do not hold (a picture of
    /// another node's decks, or one the room's host uploaded): true when its answer must wait for
    /// the store (as `waitForRoom`: `httpAnswerReady` hands the path back).
    func waitForPicture(_ etag: String, in code: RoomCode, path: String, request wsi: OpaquePointer) -> Bool
    /// Where a picture this node's decks do not hold is, for the request on `wsi` (forgets its answer).
    func storedPicture(_ etag: String, in code: RoomCode, for wsi: OpaquePointer) -> HTTPRoutes.StoredPicture
    /// A new room's uploaded pictures (checked, tagged by their SHA-256), kept with room `code`
    /// before its first record is acknowledged and forgotten with it. False: the store failed and
    /// the backend stopped the server (`storageFailure` says why).
    func keepPictures(_ pictures: [PictureAsset], of code: RoomCode) -> Bool
    /// An HTTP request's connection closed.
    func httpClosed(_ wsi: OpaquePointer)
}
