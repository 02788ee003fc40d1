// The one way into a room, whichever backend keeps it: a client message is checked against its
// connection's protocol version, a joined member's goes to the backend, and a create or join meets
// the same limits first (the per-address room cap and making way, failed lookups and the pace past
// them) before the backend says where the room lives; a host's own deck's pictures come through it
// first, before `create`, held per connection within the upload budget and handed to the backend
// with the create. Service thread only (from the WebSocket receive callback, housekeeping, and a
// backend's `findRoom` answer); touches the shell's connections, their uploads, ledger and join guard.
import SwipeRoomDriver
import SwipeCore
import SwipeProtocol
import SwipeRooms

extension ServerShell {
    /// A decoded client message from `connection`.
    func dispatch(_ message: ClientMessage, from connection: Connection, at time: ServerTime) {
        // Protocol 4's messages from an older connection: refused, naming the version they need
        // (the answers that would acknowledge them are never sent to older versions).
        if let refusal = message.refusal(forProtocol: connection.protocolVersion) {
            enqueue(.error(refusal), to: connection)
            return
        }
        if case let .picture(chunk) = message { return receivePicture(chunk, from: connection) }
        if let code = connection.room, let member = connection.member {
            if case .results = message, !allowResults(connection, at: time) { return }
            driver.roomInput(message, from: member, of: connection, in: code, at: time)
            return
        }
        switch message {
        case let .ping(ping):
            enqueue(.pong(Pong(t: ping.t, serverTime: time)), to: connection)
        case var .create(request):
            request.keyTag = connection.keyTag   // the server's word, never the client's
            guard mayEnter(connection, for: message), allowCreate(connection, at: time), allowNotify(request, from: connection),
                  driver.beginEntry(connection) else { return }
            backend.createRoom(request, pictures: connection.pictureUploads?.pictures ?? [:], for: connection, at: time)
        case var .join(request):
            request.keyTag = connection.keyTag   // the server's word, never the client's
            guard mayEnter(connection, for: message) else { return }
            join(request, from: connection, at: time)
        case .drag, .swipe, .undo, .host, .propose, .withdraw, .results, .picture:
            enqueue(.error(ProtocolError(.notInRoom, "\(message.type): create or join a room first")), to: connection)
        }
    }

    /// False (and the client told) when no room can be entered now: the store cannot be reached
    /// (the connection is closed 1013, to come back in a moment), or this connection's create or
    /// join is already on its way.
    private func mayEnter(_ connection: Connection, for message: ClientMessage) -> Bool {
        if let unavailable = backend.unavailable {
            enqueue(.error(unavailable), to: connection)
            closeAfterFlush(connection, .tryAgainLater, "store unavailable")
            return false
        }
        guard !driver.isEntering(connection) else {
            enqueue(.error(ProtocolError(.alreadyInRoom, "\(message.type): this connection's create or join is already on its way")), to: connection)
            return false
        }
        return true
    }

    /// Past its failed lookups, an address's connections take turns looking a code up. A join
    /// without a token takes its turn before the room is looked for; one with a token once the
    /// room is here (it may resume a member, and 128 random bits cannot be guessed); a code that
    /// cannot be one takes its turn whatever it carries. A wrong code
    /// is a failed lookup, counted against the address here and by the backend.
    private func join(_ request: JoinRoom, from connection: Connection, at time: ServerTime) {
        let canonical = RoomCodes.canonical(request.room.rawValue)
        if request.token == nil || canonical == nil, !allowLookup(request, from: connection, at: time) { return }
        guard let code = canonical else {
            recordFailedLookup(from: connection.address, at: time)
            enqueue(.error(RoomRegistry.noRoom(request)), to: connection)
            return
        }
        guard driver.beginEntry(connection) else { return }
        let id = connection.id
        backend.findRoom(code) { [unowned self] found in
            guard let connection = connections.byID[id] else { return }
            let time = now
            // A paced answer does not say whether the room exists.
            if request.token != nil, !allowLookup(request, from: connection, at: time) {
                return driver.endEntry(connection, telling: nil)
            }
            guard found else {
                if let unavailable = backend.unavailable { return driver.endEntry(connection, telling: unavailable) }
                recordFailedLookup(from: connection.address, at: time)
                return driver.endEntry(connection, telling: RoomRegistry.noRoom(request))
            }
            backend.joinRoom(request, in: code, for: connection, at: time)
        }
    }

    // MARK: a host's own deck's pictures, uploaded before `create` (`picture` messages, protocol 4)

    /// Seconds a host is told to wait when the uploads not yet in a room fill their budget.
    static let uploadRetryAfter = 2

    /// One `picture` chunk: kept, refused with an `error` naming the file and the reason, or, once
    /// the picture is whole and passed the checks, acknowledged with `pictureReceived`.
    func receivePicture(_ chunk: PictureChunk, from connection: Connection) {
        if let code = connection.room {
            let refusal = "picture: a deck's pictures are sent before create, on the connection that creates the room; this connection is in room \(code)"
            return enqueue(.error(ProtocolError(.notAllowed, refusal)), to: connection)
        }
        guard !driver.isEntering(connection) else {
            return enqueue(.error(ProtocolError(.notAllowed, "picture: this connection's create or join is already on its way")), to: connection)
        }
        let limits = configuration.uploadLimits
        let uploads = connection.pictureUploads ?? PictureUploads(limits: limits)
        // Uploads not yet in a room are bounded, in all and per address: a new picture the
        // connection could take by its own limits waits for room (one it never could is refused by `take`).
        if !uploads.isReceivingPicture, uploads.refusal(startingWith: chunk) == nil,
           let busy = connections.uploadBudget.refusal(adding: chunk.size, for: connection.address, limits: limits) {
            let message = "picture: \(String(chunk.file.prefix(200))): \(busy); retry in \(Self.uploadRetryAfter) s"
            return enqueue(.error(ProtocolError(.rateLimited, message, retryAfter: Double(Self.uploadRetryAfter))), to: connection)
        }
        let time = now
        switch changeUploads(of: connection, { $0.take(chunk, at: time) }) {
        case let .failure(error):
            logger.info("\(connection.id) from \(connection.address): \(error.code.rawValue): \(error.message)")
            enqueue(.error(error), to: connection)
        case .success(.partial):
            break
        case let .success(.received(received)):
            logger.debug("\(connection.id): picture \(received.file) received (\(received.bytes) bytes, \(received.etag))")
            enqueue(.pictureReceived(received), to: connection)
        }
    }

    /// Changes a connection's uploads, keeping the server's budget in step with the bytes they hold.
    private func changeUploads<T>(of connection: Connection, _ change: (inout PictureUploads) -> T) -> T {
        var uploads = connection.pictureUploads ?? PictureUploads(limits: configuration.uploadLimits)
        let before = uploads.heldBytes
        let result = change(&uploads)
        connections.uploadBudget.change(connection.address, by: uploads.heldBytes - before)
        connection.pictureUploads = uploads
        return result
    }

    /// Forgets a connection's uploads (its room was created, or it closed).
    func releaseUploads(of connection: Connection) {
        guard let uploads = connection.pictureUploads else { return }
        connections.uploadBudget.change(connection.address, by: -uploads.heldBytes)
        connection.pictureUploads = nil
    }

    /// Each housekeeping turn: pictures left half-sent past `UploadLimits.partTimeout` are dropped,
    /// their bytes given back, and their connections told.
    func dropStalledUploads(at time: ServerTime) {
        guard connections.uploadBudget.total > 0 else { return }
        for connection in connections.values {
            guard connection.pictureUploads?.isReceivingPicture == true,
                  let refusal = changeUploads(of: connection, { $0.dropStalledPicture(at: time) }) else { continue }
            logger.info("\(connection.id) from \(connection.address): \(refusal.message)")
            enqueue(.error(refusal), to: connection)
        }
    }
}
