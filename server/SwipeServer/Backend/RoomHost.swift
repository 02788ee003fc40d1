// What a backend may ask of the server around it: the room engine, the clock, carrying out a
// room's effects, and a few words to a connection. Service thread only: the shell is the one
// implementation, and a backend holds it unowned; a test may stand in for it.
import Logging
import SwipeProtocol
import SwipeRooms

/// The narrow view of the server a `RoomBackend` gets (the shell itself, behind this protocol).
/// A backend changes rooms only through `registry` and hands what the engine answered to `apply`;
/// it never sees a socket, a queue or an lws handle.
///
/// ```swift
/// let effects = host.registry.handle(.timerFired, in: code, at: host.now)
/// host.apply(effects, in: code)
/// ```
protocol RoomHost: AnyObject {
    /// The rooms this process holds, and the engine that changes them (in place).
    var registry: RoomRegistry { get set }
    /// Server time now (ms).
    var now: ServerTime { get }
    var logger: Logger { get }
    var configuration: ServerConfiguration { get }
    /// Histograms a backend records into (log appends, Redis appends).
    var metrics: ServerMetrics { get }
    /// Deadlines: each room's next turn, and the local backend's eviction check.
    var timers: TimerSchedule { get set }

    /// Carries out a room's effects in order (records go to the backend's `commit` first).
    func apply(_ effects: [RoomEffect], in code: RoomCode?)
    /// Queues a message for one connection.
    func enqueue(_ message: ServerMessage, to connection: Connection)
    /// Closes a connection once what is queued for it has gone out.
    func closeAfterFlush(_ connection: Connection, _ code: CloseCode, _ reason: String)
    /// The connection with this number, while it is open.
    func connection(numbered id: ConnectionID) -> Connection?
    /// Each member of the room connected to this process.
    func membersHere(in code: RoomCode) -> [MemberID: Connection]
    /// Sends a message to the room's members here (`toProtocol1Only`: only to version-1 connections).
    func broadcast(_ message: ServerMessage, in code: RoomCode, except skipped: MemberID?, toProtocol1Only: Bool)
    /// A message as the bytes of one text frame (nil: it could not be encoded, and was logged).
    func encode(_ message: ServerMessage) -> [UInt8]?

    /// `connection` created room `code` (counted against its address's rooms).
    func roomCreated(_ code: RoomCode, by connection: Connection)
    /// The room is gone from this process: its members here, its timer and its address's count
    /// are forgotten (the backend's store may keep it).
    func roomForgotten(_ code: RoomCode)
    /// A failed room-code lookup from `address` (a wrong code or token): counted against it.
    func failedLookup(from address: String, at time: ServerTime)
    /// Failed lookups another process counted for `address` (their ages, ms): this process slows it too.
    func adoptFailedLookups(ages: [ServerTime], for address: String)
    /// The failed-lookup limit: how many (`maxFailures`) within how long (`window`, ms).
    var failedLookupLimit: (maxFailures: Int, window: ServerTime) { get }
    /// Every connection is told `error` and closed with `code` (the store went away).
    func closeEveryConnection(telling error: ProtocolError, _ code: CloseCode, _ reason: String)
    /// An HTTP request that waited for the backend can be answered now (the shell asks
    /// `httpAnswerReady` again when the request's socket is writeable).
    func answerWhenReady(_ request: HTTPRequestID)
    /// Stops the server (a store that can no longer keep what it acknowledges).
    func requestStop()
    /// Counts checkpoints stored (for `/metrics`).
    func countCheckpoints(_ count: Int)
}

/// An HTTP request waiting for a backend (a room being loaded, a picture being fetched): the
/// request's socket, as a number the backend keeps but never dereferences.
///
/// ```swift
/// backend.waitForRoom(code, path: path, request: HTTPRequestID(wsi))
/// ```
struct HTTPRequestID: Hashable {
    let rawValue: Int
}
