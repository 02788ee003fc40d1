// The shell as its room driver sees it: the transport (`RoomTransport`: what to send to whom,
// whom to close) and the server around the rooms (`RoomDriverEvents`: admission's counts, HTTP
// answers that waited, metrics, a stop, webhooks, the wake-up). Service thread only, like the
// driver that calls it; touches connections and their queues, the ledger and join guard.
import CLibWebSockets
import SwipeBackend
import SwipeProtocol
import SwipeRoomDriver
import SwipeRooms

extension ServerShell: RoomTransport {
    func send(_ message: ServerMessage, to session: RoomSession) {
        if let connection = connections.byID[session.id] { enqueue(message, to: connection) }
    }

    func close(_ session: RoomSession, _ code: CloseCode, _ reason: String) {
        if let connection = connections.byID[session.id] { closeAfterFlush(connection, code, reason) }
    }

    func session(numbered id: ConnectionID) -> RoomSession? { connections.byID[id] }

    func closeEveryConnection(telling error: ProtocolError, _ code: CloseCode, _ reason: String) {
        for connection in connections.values where connection.closing == nil {
            enqueue(.error(error), to: connection)
            closeAfterFlush(connection, code, reason)
        }
    }
}

extension ServerShell: RoomDriverEvents {
    /// The limits every store applies the same way, from the flags.
    static func rules(_ configuration: ServerConfiguration) -> RoomRules {
        let limits = configuration.transportLimits
        return RoomRules(restartGrace: configuration.restartGrace, maxRoomsPerAddress: limits.maxRoomsPerAddress,
                         failedLookups: limits.failedJoinsPerMinute, failedLookupWindow: JoinGuard.defaultWindow,
                         unjoinedRoomTimeout: configuration.unjoinedRoomTimeoutSeconds * 1000,
                         abandonedRoomTimeout: configuration.abandonedRoomTimeoutSeconds * 1000,
                         keepDecided: configuration.keepDecidedSeconds * 1000,
                         hibernateAfter: configuration.hibernateAfterSeconds.map { $0 * 1000 },
                         maxOpenRooms: configuration.maxOpenRooms)
    }

    func roomCreated(_ code: RoomCode, by session: RoomSession) {
        ledger.created(room: code, by: session.address)
        logger.info("room \(code) created by \(session.id) from \(session.address)")
        // Its uploads are the room's now (its store keeps those its cards name).
        if let connection = connections.byID[session.id] { releaseUploads(of: connection) }
    }

    func roomForgotten(_ code: RoomCode) { ledger.removed(room: code) }

    func failedLookup(from address: String, at time: ServerTime) { recordFailedLookup(from: address, at: time) }

    func adoptFailedLookups(ages: [ServerTime], for address: String) {
        joinGuard.adopt(failureAges: ages, for: address, at: now)
    }

    func answerWhenReady(_ request: HTTPRequestID) {
        if let wsi = OpaquePointer(bitPattern: request.rawValue) { lws_callback_on_writable(wsi) }
    }

    func recordStoreAppend(since start: ContinuousClock.Instant) { metrics.recordStoreAppend(since: start) }

    func countCheckpoints(_ count: Int) { counters.checkpoints += count }

    func effectsApplied(_ effects: [RoomEffect], in code: RoomCode) { observeWebhooks(effects, in: code) }

    func deadlinesChanged() { armWakeTimer() }
}

extension HTTPRequestID {
    /// The request on this socket.
    init(_ wsi: OpaquePointer) { self.init(rawValue: Int(bitPattern: wsi)) }
}
