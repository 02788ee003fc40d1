// Pictures shared through Redis, so any node serves any room's pictures: each node's deck
// pictures by tag (written when the store comes up), and a room's uploads in the room's own hash
// (written before its `created` entry, on the same link). Service thread only (hiredis answers
// inside the libev loop's turn); touches this log's link.
import SwipeBackend
import SwipePictures
import SwipeProtocol
import SwipeRooms

extension RedisRoomLog {
    /// `EXISTS` first (a reconnect sends no picture bytes again), then `SET NX` (the tag names the
    /// bytes, so the first write is the only one).
    package func publishPictures(_ pictures: [String: PictureAsset]) {
        guard let link else { return }
        for (etag, asset) in pictures {
            let key = ClusterKeys.picture(etag)
            link.send(["EXISTS", key]) { [unowned self] reply in
                guard reply?.integer == 0 else { return }
                link.send([Array("SET".utf8), Array(key.utf8), asset.bytes, Array("NX".utf8)]) { [unowned self] reply in
                    if case let .error(message)? = reply { logger.warning("picture \(etag) not written to the store: \(message)") }
                }
            }
        }
    }

    /// `HSET` of the pictures into the room's hash and its lifetime, on the link the room's
    /// `created` entry follows (Redis runs one link's commands in order, and a replica WAIT after
    /// the entry covers them too). A failure is logged; the pictures are then answered 404.
    package func keepPictures(_ pictures: [PictureAsset], of code: RoomCode) {
        guard let link, !pictures.isEmpty else { return }
        let key = ClusterKeys.pictures(code)
        var command = [Array("HSET".utf8), Array(key.utf8)]
        for picture in pictures { command += [Array(picture.etag.utf8), picture.bytes] }
        link.send(command) { [unowned self] reply in
            if case let .error(message)? = reply { logger.error("room \(code): its uploaded pictures were not written to the store: \(message)") }
        }
        link.send(["EXPIRE", key, String(configuration.roomLifetimeSeconds)])
    }

    /// An upload from the room's own hash, a deck picture from the shared key of its tag; checked:
    /// the bytes must have that tag and be a picture (the format is read from them).
    package func picture(_ etag: String, of code: RoomCode, then: @escaping (StoredPicture) -> Void) {
        guard let link, outage == nil else { return then(.unavailable(retryAfter: StoredPicture.retryAfter)) }
        let read = PictureETag.isUpload(etag) ? ["HGET", ClusterKeys.pictures(code), etag] : ["GET", ClusterKeys.picture(etag)]
        link.send(read) { [unowned self] reply in
            switch reply {
            case let .string(bytes)?:
                then(StoredPicture.served(bytes, etag: etag, from: "the store", logger: logger))
            case .null?:
                then(.absent)
            case let .error(message)?:
                logger.warning("reading picture \(etag) from the store: \(message)")
                then(.unavailable(retryAfter: StoredPicture.retryAfter))
            case nil, .integer?, .array?, .status?:
                then(.unavailable(retryAfter: StoredPicture.retryAfter))
            }
        }
    }
}
