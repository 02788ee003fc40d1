// The pictures of a host's own deck, uploaded before `create` (`picture` messages, protocol 4):
// kept per connection within the limits, checked when whole, handed to the backend to keep with
// the room the `create` makes. Service thread only; touches the connection's uploads, the shell's
// upload budget (bytes not yet in a room, in all and per address) and the backend.
import SwipeCore
import SwipeProtocol
import SwipeRooms

extension ServerShell {
    /// Seconds a host is told to wait when the uploads not yet in a room fill their budget.
    static let uploadRetryAfter = 2

    /// One `picture` chunk: kept, refused with an `error` naming the file and the reason, or, once
    /// the picture is whole and passed the checks, acknowledged with `pictureReceived`.
    func receivePicture(_ chunk: PictureChunk, from connection: Connection) {
        if let code = connection.room {
            let refusal = "picture: a deck's pictures are sent before create, on the connection that creates the room; this connection is in room \(code)"
            return enqueue(.error(ProtocolError(.notAllowed, refusal)), to: connection)
        }
        guard !connection.joinPending else {
            return enqueue(.error(ProtocolError(.notAllowed, "picture: this connection's create or join is already on its way")), to: connection)
        }
        let limits = configuration.uploadLimits
        var uploads = connection.pictureUploads ?? PictureUploads(limits: limits)
        let before = uploads.heldBytes
        // Uploads not yet in a room are bounded, in all and per address: a new picture waits for room.
        if chunk.offset == 0, chunk.size > 0,
           let busy = uploadBudget.refusal(adding: chunk.size, for: connection.address, limits: limits) {
            let message = "picture: \(String(chunk.file.prefix(200))): \(busy); retry in \(Self.uploadRetryAfter) s"
            return enqueue(.error(ProtocolError(.rateLimited, message, retryAfter: Double(Self.uploadRetryAfter))), to: connection)
        }
        let outcome = uploads.take(chunk, at: now)
        uploadBudget.change(connection.address, by: uploads.heldBytes - before)
        connection.pictureUploads = uploads
        if uploads.isReceivingPicture { uploading.insert(connection.id) } else { uploading.remove(connection.id) }
        switch outcome {
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

    /// The tags of the pictures `connection` uploaded, which its `create`'s cards may name.
    func uploadedTags(of connection: Connection) -> Set<String> {
        Set(connection.pictureUploads?.pictures.keys ?? [:].keys)
    }

    /// Hands the backend the uploaded pictures a new room's `cards` name, to keep with room `code`
    /// before its first record is acknowledged. False: the store failed (the server stops).
    func keepUploads(of connection: Connection, for cards: [Card], in code: RoomCode) -> Bool {
        guard let uploads = connection.pictureUploads else { return true }
        var kept: [String: PictureAsset] = [:]
        for case let etag? in cards.map({ $0.picture?.etag }) { kept[etag] = uploads.pictures[etag] }
        guard !kept.isEmpty else { return true }
        logger.info("room \(code): keeping \(kept.count) uploaded picture(s), \(kept.values.reduce(0) { $0 + $1.bytes.count }) bytes")
        return backend.keepPictures(Array(kept.values), of: code)
    }

    /// Forgets a connection's uploads (its room was created, or it closed).
    func releaseUploads(of connection: Connection) {
        uploading.remove(connection.id)
        guard let uploads = connection.pictureUploads else { return }
        uploadBudget.change(connection.address, by: -uploads.heldBytes)
        connection.pictureUploads = nil
    }

    /// Each housekeeping turn: pictures left half-sent past `UploadLimits.partTimeout` are dropped,
    /// their bytes given back, and their connections told.
    func dropStalledUploads(at time: ServerTime) {
        guard !uploading.isEmpty else { return }
        for id in uploading {
            guard let connection = connectionsByID[id], var uploads = connection.pictureUploads else {
                uploading.remove(id)
                continue
            }
            let before = uploads.heldBytes
            guard let refusal = uploads.dropStalledPicture(at: time) else { continue }
            uploadBudget.change(connection.address, by: uploads.heldBytes - before)
            connection.pictureUploads = uploads
            uploading.remove(id)
            logger.info("\(connection.id) from \(connection.address): \(refusal.message)")
            enqueue(.error(refusal), to: connection)
        }
    }
}
