// The shell as its backend sees it (`RoomHost`): the few things a backend may ask of the server.
// Service thread only, like every caller (backends run there).
import CLibWebSockets
import SwipeProtocol
import SwipeRooms

extension ServerShell: RoomHost {
    func connection(numbered id: ConnectionID) -> Connection? { connectionsByID[id] }

    func membersHere(in code: RoomCode) -> [MemberID: Connection] { membersOnline[code] ?? [:] }

    func roomCreated(_ code: RoomCode, by connection: Connection) {
        ledger.created(room: code, by: connection.address)
        logger.info("room \(code) created by \(connection.id) from \(connection.address)")
    }

    func roomForgotten(_ code: RoomCode) {
        membersOnline[code] = nil
        ledger.removed(room: code)
        timers.cancelRoomTimer(code)
    }

    func failedLookup(from address: String, at time: ServerTime) { recordFailedLookup(from: address, at: time) }

    func adoptFailedLookups(ages: [ServerTime], for address: String) {
        joinGuard.adopt(failureAges: ages, for: address, at: now)
    }

    var failedLookupLimit: (maxFailures: Int, window: ServerTime) { (joinGuard.maxFailures, joinGuard.window) }

    func closeEveryConnection(telling error: ProtocolError, _ code: CloseCode, _ reason: String) {
        for connection in connections.values where connection.closing == nil {
            enqueue(.error(error), to: connection)
            closeAfterFlush(connection, code, reason)
        }
    }

    func answerWhenReady(_ request: HTTPRequestID) {
        if let wsi = OpaquePointer(bitPattern: request.rawValue) { lws_callback_on_writable(wsi) }
    }

    func countCheckpoints(_ count: Int) { counters.checkpoints += count }
}

extension HTTPRequestID {
    /// The request on this socket.
    init(_ wsi: OpaquePointer) { rawValue = Int(bitPattern: wsi) }
}
