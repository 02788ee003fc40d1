import SwipeCore
import SwipeProtocol

/// Server time in milliseconds, monotonic since the server started. The room engine never reads a
/// clock: the shell passes `now` into every `handle` call.
///
/// ```swift
/// let now: ServerTime = 5120.4
/// ```
public typealias ServerTime = Double

/// One WebSocket connection, numbered by the transport.
///
/// ```swift
/// let connection = ConnectionID(7)
/// ```
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public var description: String { "c\(rawValue)" }
}

/// Something that happened to a room, as the room engine sees it.
///
/// ```swift
/// var room = Room(code: "K7QM-X4TD-9R", deck: deck, settings: RoomSettings(), at: 0)
/// _ = room.handle(.memberConnected(ConnectionID(1), JoinRoom(room: room.code, name: "Ann"), token: "t1"), at: 10)
/// _ = room.handle(.messageReceived("m1", .ping(Ping(t: 1))), at: 20)
/// ```
public enum RoomEvent: Hashable, Sendable {
    /// A connection asks to join (or resume with `join.token`); `token` is the fresh token a new
    /// member gets, drawn by the registry from its random source.
    case memberConnected(ConnectionID, JoinRoom, token: String)
    /// A joined member sent a message.
    case messageReceived(MemberID, ClientMessage)
    /// A joined member's connection went away. `grace`: how long (ms) a lockstep voter still
    /// counts for the current card, as if online, so a dropped connection can come back before
    /// the card is decided without them; 0 when they left on purpose (a close frame 1000/1001).
    case memberDisconnected(MemberID, grace: ServerTime = 0)
    /// The time the room last asked for with `.scheduleTimer(at:)` has come.
    case timerFired
}

/// WebSocket close status codes the server uses.
///
/// ```swift
/// CloseCode.policyViolation.rawValue   // 1008
/// ```
public enum CloseCode: Int, Hashable, Sendable {
    case normal = 1000
    case goingAway = 1001
    case protocolError = 1002
    case unsupportedData = 1003
    case policyViolation = 1008
    case messageTooBig = 1009
    /// The server cannot serve the connection now (its shared store is unreachable): reconnect later.
    case tryAgainLater = 1013
}

/// What the shell must do after a room handled an event, in order.
///
/// ```swift
/// for effect in room.handle(.timerFired, at: now) {
///     switch effect {
///     case let .send(message, to: member): print(member, message.type)
///     default: break
///     }
/// }
/// ```
public enum RoomEffect: Hashable, Sendable {
    /// From now on `connection` speaks for `member` (emitted before the member's `welcome`).
    case bind(ConnectionID, MemberID)
    /// Answer a connection that is not (or not yet) a member, e.g. a refused join.
    case reply(ServerMessage, to: ConnectionID)
    case send(ServerMessage, to: MemberID)
    case broadcast(ServerMessage, except: MemberID?)
    /// Like `broadcast`, to connections that speak protocol 1 only: what protocol 2 already carried
    /// in the message before it (a voter's marks in the `tally`).
    case broadcastToProtocol1(ServerMessage, except: MemberID?)
    /// Close the member's current connection (after flushing what is queued for it).
    case close(MemberID, CloseCode, reason: String)
    /// Call back with `.timerFired` at this server time (replaces any earlier request).
    case scheduleTimer(at: ServerTime)
    /// Stop any pending timer.
    case cancelTimer
    /// Persist before the acks that follow it in the list (issue 5 writes these to SQLite).
    case append(LogRecord)
}
