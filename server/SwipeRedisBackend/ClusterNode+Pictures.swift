// Pictures shared through the store, so any node serves any room's pictures: a node writes its own
// decks' pictures by tag when the store comes up, and fetches one it does not hold when a request
// names it, answering once Redis replied. Service thread only (hiredis answers inside the libev
// loop's turn); touches this node's picture cache and waiting requests, and the server through its RoomHost.
import SwipeBackend
import SwipePictures
import SwipeProtocol
import SwipeRooms

extension ClusterNode {
    /// Writes every picture of this node's deck library to the store, by tag, unless it is there
    /// already: `EXISTS` first (a reconnect sends no picture bytes again), then `SET NX` (the tag
    /// names the bytes, so the first write is the only one). Each time the store comes up, so a
    /// store restarted empty has them again.
    func publishPictures() {
        for (etag, asset) in host.registry.library.pictures {
            let key = ClusterKeys.picture(etag)
            link.send(["EXISTS", key]) { [unowned self] reply in
                guard reply?.integer == 0 else { return }
                link.send([Array("SET".utf8), Array(key.utf8), asset.bytes, Array("NX".utf8)]) { [unowned self] reply in
                    if case let .error(message)? = reply { host.logger.warning("picture \(etag) not written to the store: \(message)") }
                }
            }
        }
    }

    /// A picture request whose tag this node's decks lack: false when it can be answered now (the
    /// cache has it, the store already answered for this request, or the store is down); true when
    /// a `GET` went to the store and the answer waits for it (`RoomHost.answerWhenReady` then).
    func fetchPicture(_ etag: String, in code: RoomCode, path: String, request: HTTPRequestID) -> Bool {
        if pictureAnswers[request]?.etag == etag || pictures.picture(etag: etag) != nil { return false }
        guard outage == nil else {
            pictureAnswers[request] = (etag, .unavailable(retryAfter: StoredPicture.retryAfter))
            return false
        }
        httpWaiting[request] = (code, path)
        link.send(pictureRead(etag, in: code)) { [unowned self] reply in
            let answer = storedPicture(etag, from: reply)
            if case let .found(asset) = answer { pictures.insert(asset) }
            // Answered in HTTP_WRITEABLE (unless the client has gone meanwhile).
            guard httpWaiting[request] != nil else { return }
            pictureAnswers[request] = (etag, answer)
            host.server.answerWhenReady(request)
        }
        return true
    }

    /// What a request gets for a picture its node's decks lack (the store's answer for it, taken).
    func storedPicture(_ etag: String, in code: RoomCode, for request: HTTPRequestID) -> StoredPicture {
        // (An answer for another tag is stale: its room went away before the answer was written.)
        if let answer = pictureAnswers.removeValue(forKey: request), answer.etag == etag { return answer.stored }
        if let asset = pictures.picture(etag: etag) { return .found(asset) }
        return .unavailable(retryAfter: StoredPicture.retryAfter)
    }

    /// The store's reply to `GET swipedeck:picture:TAG`, checked: the bytes must have that tag and
    /// be a picture (the format is read from them).
    private func storedPicture(_ etag: String, from reply: RedisValue?) -> StoredPicture {
        switch reply {
        case let .string(bytes)?:
            return StoredPicture.served(bytes, etag: etag, from: "the store", logger: host.logger)
        case .null?:
            return .absent
        case let .error(message)?:
            host.logger.warning("reading picture \(etag) from the store: \(message)")
            return .unavailable(retryAfter: StoredPicture.retryAfter)
        case nil, .integer?, .array?, .status?:
            return .unavailable(retryAfter: StoredPicture.retryAfter)
        }
    }
}
