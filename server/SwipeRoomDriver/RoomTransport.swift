// What the room driver hands the transport, and what it tells the server around it. Service
// thread only: the shell is the one implementation; a test may stand in for it.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// The driver's only way to a socket: what to send to whom, and whom to close. The transport
/// encodes, queues and writes; it never sees the registry, a store or a room's records.
///
/// ```swift
/// transport.send(.pong(Pong(t: 1, serverTime: 2)), to: session)
/// transport.send(message, toEach: driver.membersOnline[code] ?? [:], except: nil, toProtocol1Only: false)
/// transport.close(session, .normal, "room closed by its host")
/// ```
package protocol RoomTransport: AnyObject {
    /// Queues `message` for one connection, as it was given (the driver has already fitted it to
    /// the connection's protocol version).
    func send(_ message: ServerMessage, to session: RoomSession)
    /// Queues `message` for each of `members` but `skipped`, encoded once per protocol version
    /// (`toProtocol1Only`: only for version-1 connections).
    func send(_ message: ServerMessage, toEach members: [MemberID: RoomSession], except skipped: MemberID?, toProtocol1Only: Bool)
    /// Closes a connection once what is queued for it has gone out.
    func close(_ session: RoomSession, _ code: CloseCode, _ reason: String)
    /// Every connection is told `error` and closed (the store went away).
    func closeEveryConnection(telling error: ProtocolError, _ code: CloseCode, _ reason: String)
    /// The connection with this number, while it is open.
    func session(numbered id: ConnectionID) -> RoomSession?
    /// A message as the bytes of one text frame (nil: it could not be encoded, and was logged).
    func encode(_ message: ServerMessage) -> [UInt8]?
}

/// What the driver tells the server around the rooms beyond what a store may (`RoomServerEvents`):
/// that a room was forgotten (its address's count), that a room's effects were carried out (the
/// webhooks look for its opening and its winner), and that its deadlines moved.
///
/// ```swift
/// events.roomForgotten(code)   // the address's room count forgets it
/// events.deadlinesChanged()    // the service loop re-arms its wake-up
/// ```
package protocol RoomDriverEvents: RoomServerEvents {
    /// The room is gone from this process (its address's count forgets it).
    func roomForgotten(_ code: RoomCode)
    /// A room's effects were carried out.
    func effectsApplied(_ effects: [RoomEffect], in code: RoomCode)
    /// A deadline in the driver's timers changed (the service loop re-arms its wake-up).
    func deadlinesChanged()
}
