// The face the shell sees of rooms ordered by a shared log: each RoomBackend requirement, handed
// to the work in `SharedLogBackend+*.swift`. Service thread only, but `restore` and `start`, which
// run on the starting thread before the service thread exists.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension SharedLogBackend {
    /// Rooms are loaded from the store when first asked for: nothing to bring back at start
    /// (`start` checks the store answers as its flags say).
    package func restore() throws {}

    package func start(eventLoop: UnsafeMutableRawPointer?) throws {
        try store.connect(eventLoop: eventLoop, events: self)
        started = true
        host.logger.info("node \(instance): rooms in \(name), shared with every node that uses it")
    }

    /// The store's deadlines and heartbeat; other nodes, due closing times, webhook events; idle
    /// rooms (abandoned rooms stay in the store).
    package func serviceTurn(at time: ServerTime) { tick() }

    /// SIGTERM: the others may take this node's members as lost now.
    package func shuttingDown() {
        if outage == nil { store.records(.remove([.heartbeat(instance)])) }
    }

    package func stop() { store.close() }

    // MARK: rooms: through the room's log

    /// Into the room's log (or answered from this node's copy): its effects reach the driver's
    /// `apply` once the log has ordered it, on every node that serves the room; none now.
    package func roomInput(_ message: ClientMessage, from member: MemberID, of connection: RoomSession, in code: RoomCode,
                           at time: ServerTime) -> [RoomEffect] {
        if started { sharedInput(message, from: member, of: connection, in: code, at: time) }
        return []
    }

    package func findRoom(_ code: RoomCode, then: @escaping (Bool) -> Void) {
        guard started else { then(false); return }
        loadRoom(code, then: then)
    }

    package func createRoom(_ request: CreateRoom, pictures: [String: PictureAsset], for connection: RoomSession, at time: ServerTime) {
        if started { sharedCreate(request, pictures: pictures, for: connection) }
    }

    package func joinRoom(_ request: JoinRoom, in code: RoomCode, for connection: RoomSession, at time: ServerTime) {
        if started { sharedJoin(request, in: code, for: connection) }
    }

    package var unavailable: ProtocolError? {
        guard let outage = started ? outage : "not started" else { return nil }
        return Self.storeUnavailable(outage)
    }

    /// Giving up a room its address left unjoined is a single-node rule: another node's creator may still be there.
    package func makeWayForCreate(among rooms: [RoomCode], from address: String) -> Bool { false }

    package func memberDisconnected(_ member: MemberID, of connection: RoomSession, in code: RoomCode, grace: ServerTime,
                                    at time: ServerTime) -> [RoomEffect] {
        if started { append(.disconnected(node: instance, connection: connection.id.rawValue, member: member, grace: grace), to: code) }
        return []
    }

    package func timerDue(_ code: RoomCode, at time: ServerTime) -> [RoomEffect] {
        if started { sharedTimerDue(code) }
        return []
    }

    package func roomClosed(_ code: RoomCode) { sharedRoomClosed(code) }

    package func failedLookupRecorded(from address: String, at time: ServerTime) {
        guard started else { return }
        countFailedLookupInStore(from: address, at: time)
    }

    // MARK: records

    /// The store going away is an outage members ride out (`error` with `retryAfter`, close 1013), never a stop.
    package var storageFailure: String? { nil }

    // MARK: health and HTTP

    package var health: StoreHealth {
        StoreHealth(node: started ? instance : nil, store: started ? name : nil, reachable: !started || outage == nil)
    }

    /// A node of a cluster answers for any room: one not here yet is loaded first, and the answer waits.
    package func waitForRoom(_ code: RoomCode, path: String, request: HTTPRequestID) -> Bool {
        guard started, outage == nil else { return false }
        httpWaiting[request] = (code, path)
        loadRoom(code) { [unowned self] _ in
            // Answered when the socket is writeable (unless the client has gone meanwhile).
            if httpWaiting[request] != nil { host.server.answerWhenReady(request) }
        }
        return true
    }

    package func httpAnswerReady(_ request: HTTPRequestID) -> String? { httpWaiting.removeValue(forKey: request)?.path }

    package func httpClosed(_ request: HTTPRequestID) {
        httpWaiting[request] = nil
        pictureAnswers[request] = nil
    }

    // MARK: once over every node

    /// Of every node that sees a room's webhook event, the first to claim its key sends it. With
    /// the store unreachable nobody claims it now.
    package func claimOnce(_ key: String, then: @escaping (Bool) -> Void) {
        guard started else { then(false); return }
        claimInStore(key, then: then)
    }

    package func keepWebhook(_ key: String, payload: [UInt8], dueAt: Double) { if started { keepWebhookInStore(key, payload: payload, dueAt: dueAt) } }

    package func settleWebhook(_ key: String) { if started { settleWebhookInStore(key) } }
}
