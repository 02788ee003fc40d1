// A connection as the driver and its backends see it: who it is and where it stands with rooms. Service thread only
// (the shell's `Connection` is one, with the socket and its queues besides).
import SwipeProtocol
import SwipeRooms

/// The room-facing part of a client connection: its number, address and protocol version, the
/// room and member it is bound to. What it has on its way has one owner each: a create or join,
/// the driver (`RoomDriver.isEntering`); a cluster's appends, its node (`SharedLogBackend.inFlight`).
/// The shell's `Connection` subclasses it; a store sees only this.
///
/// ```swift
/// let session = RoomSession(id: ConnectionID(7), address: "198.51.100.4")
/// session.room == nil   // not in a room yet
/// ```
open class RoomSession {
    public final let id: ConnectionID
    /// The client's IP address (the peer, or behind `--trust-proxy` the forwarded client), for the per-address limits.
    public final var address: String
    public final var room: RoomCode?
    public final var member: MemberID?
    /// The protocol version its subprotocol chose (1 when it offered none): what it is sent is fitted to it.
    public final var protocolVersion = 1
    /// Set once the connection must close after its queue drains.
    public final var closing: (code: CloseCode, reason: String)?

    public init(id: ConnectionID, address: String) {
        self.id = id
        self.address = address
    }
}
