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

    package func roomCreated(_ code: RoomCode, by session: RoomSession) { events.roomCreated(code, by: session) }

    package func failedLookup(from address: String, at time: ServerTime) { events.failedLookup(from: address, at: time) }

    package func adoptFailedLookups(ages: [ServerTime], for address: String) { events.adoptFailedLookups(ages: ages, for: address) }

    package func answerWhenReady(_ request: HTTPRequestID) { events.answerWhenReady(request) }

    package func recordStoreAppend(since start: ContinuousClock.Instant) { events.recordStoreAppend(since: start) }

    package func countCheckpoints(_ count: Int) { events.countCheckpoints(count) }

    package func requestStop() { events.requestStop() }

    package func roomHasWebhook(_ code: RoomCode, url: String) { events.roomHasWebhook(code, url: url) }

    package func webhookTakenOver(_ payload: [UInt8]) { events.webhookTakenOver(payload) }
}
