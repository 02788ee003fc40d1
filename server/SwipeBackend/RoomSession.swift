// A connection as a backend sees it: who it is and where it stands with rooms. Service thread only
// (the shell's `Connection` is one, with the socket and its queues besides).
import SwipeProtocol
import SwipeRooms

/// The room-facing part of a client connection: its number and address, the room and member it
/// is bound to, and, in a cluster, what it has on its way to the shared store. The shell's
/// `Connection` subclasses it; a backend sees only this.
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
    /// Its `create` or `join` is on its way (a second one is refused).
    public final var joinPending = false
    /// In a cluster: this connection's swipes, undos and host commands on their way to the store,
    /// and the messages that came after them, held so they are handled in the order they were sent
    /// (a drag of the next card must not overtake the vote that made it the top card).
    public final var appendsInFlight = 0
    public final var heldMessages: [ClientMessage] = []

    public init(id: ConnectionID, address: String) {
        self.id = id
        self.address = address
    }
}
