// The driver as every store's backend sees it (`RoomHost`): the registry and timers it owns, its
// `apply`, and the few words it passes on to the transport and the server. Service thread only.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension RoomDriver: RoomHost {
    package func enqueue(_ message: ServerMessage, to session: RoomSession) { transport.send(message, to: session) }

    package func closeAfterFlush(_ session: RoomSession, _ code: CloseCode, _ reason: String) { transport.close(session, code, reason) }

    package func session(numbered id: ConnectionID) -> RoomSession? { transport.session(numbered: id) }

    package func hasMembersHere(in code: RoomCode) -> Bool { membersOnline[code]?.isEmpty == false }

    package func closeMembersHere(in code: RoomCode, _ closeCode: CloseCode, _ reason: String) {
        for session in (membersOnline[code] ?? [:]).values { transport.close(session, closeCode, reason) }
    }

    package func broadcast(_ message: ServerMessage, in code: RoomCode, except skipped: MemberID?, toProtocol1Only: Bool) {
        guard let members = membersOnline[code] else { return }
        transport.send(message, toEach: members, except: skipped, toProtocol1Only: toProtocol1Only)
    }

    package func encode(_ message: ServerMessage) -> [UInt8]? { transport.encode(message) }

    package func closeEveryConnection(telling error: ProtocolError, _ code: CloseCode, _ reason: String) {
        transport.closeEveryConnection(telling: error, code, reason)
    }

    /// The server's events, passed on as they are.
    package var server: any RoomServerEvents { events }
}
