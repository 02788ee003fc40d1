// The shell as its backend sees it (`RoomHost`): the few things a backend may ask of the server.
// Service thread only, like every caller (backends run there).
import CLibWebSockets
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension ServerShell: RoomHost {
    var rules: RoomRules {
        let limits = configuration.transportLimits
        return RoomRules(restartGrace: configuration.restartGrace, maxRoomsPerAddress: limits.maxRoomsPerAddress,
                         failedLookups: joinGuard.maxFailures, failedLookupWindow: joinGuard.window,
                         unjoinedRoomTimeout: configuration.unjoinedRoomTimeoutSeconds * 1000,
                         abandonedRoomTimeout: configuration.abandonedRoomTimeoutSeconds * 1000,
                         keepDecided: configuration.keepDecidedSeconds * 1000,
                         hibernateAfter: configuration.hibernateAfterSeconds.map { $0 * 1000 },
                         maxOpenRooms: configuration.maxOpenRooms)
    }

    func enqueue(_ message: ServerMessage, to session: RoomSession) {
        if let connection = connections.byID[session.id] { enqueue(message, to: connection) }
    }

    func closeAfterFlush(_ session: RoomSession, _ code: CloseCode, _ reason: String) {
        if let connection = connections.byID[session.id] { closeAfterFlush(connection, code, reason) }
    }

    func session(numbered id: ConnectionID) -> RoomSession? { connections.byID[id] }

    func hasMembersHere(in code: RoomCode) -> Bool { connections.membersOnline[code]?.isEmpty == false }

    func closeMembersHere(in code: RoomCode, _ closeCode: CloseCode, _ reason: String) {
        for connection in (connections.membersOnline[code] ?? [:]).values { closeAfterFlush(connection, closeCode, reason) }
    }

    func closeEveryConnection(telling error: ProtocolError, _ code: CloseCode, _ reason: String) {
        for connection in connections.values where connection.closing == nil {
            enqueue(.error(error), to: connection)
            closeAfterFlush(connection, code, reason)
        }
    }

    func roomCreated(_ code: RoomCode, by session: RoomSession) {
        ledger.created(room: code, by: session.address)
        logger.info("room \(code) created by \(session.id) from \(session.address)")
        // Its uploads are the room's now (its backend keeps those its cards name).
        if let connection = connections.byID[session.id] { releaseUploads(of: connection) }
    }

    func roomForgotten(_ code: RoomCode) {
        connections.membersOnline[code] = nil
        ledger.removed(room: code)
        timers.cancelRoomTimer(code)
    }

    func failedLookup(from address: String, at time: ServerTime) { recordFailedLookup(from: address, at: time) }

    func adoptFailedLookups(ages: [ServerTime], for address: String) {
        joinGuard.adopt(failureAges: ages, for: address, at: now)
    }

    func answerWhenReady(_ request: HTTPRequestID) {
        if let wsi = OpaquePointer(bitPattern: request.rawValue) { lws_callback_on_writable(wsi) }
    }

    func recordStoreAppend(since start: ContinuousClock.Instant) { metrics.recordStoreAppend(since: start) }

    func countCheckpoints(_ count: Int) { counters.checkpoints += count }
}

extension HTTPRequestID {
    /// The request on this socket.
    init(_ wsi: OpaquePointer) { self.init(rawValue: Int(bitPattern: wsi)) }
}
