// A room's uploaded pictures in the shared store: written by the node that received them, into
// the room's own hash, before the room's `created` entry; read by any node that serves the room.
// Service thread only (hiredis answers inside the libev loop's turn); touches this node's link.
import SwipeBackend
import SwipePictures
import SwipeProtocol
import SwipeRooms

extension ClusterNode {
    /// `HSET` of the pictures into the room's hash and its lifetime, on the link the room's
    /// `created` entry follows (Redis runs one link's commands in order, and a replica WAIT after
    /// the entry covers them too). A failure is logged; the pictures are then answered 404.
    func storeRoomPictures(_ pictures: [PictureAsset], of code: RoomCode) {
        guard !pictures.isEmpty else { return }
        let key = ClusterKeys.pictures(code)
        var command = [Array("HSET".utf8), Array(key.utf8)]
        for picture in pictures { command += [Array(picture.etag.utf8), picture.bytes] }
        link.send(command) { [unowned self] reply in
            if case let .error(message)? = reply { host.logger.error("room \(code): its uploaded pictures were not written to the store: \(message)") }
        }
        link.send(["EXPIRE", key, String(configuration.roomLifetimeSeconds)])
    }

    /// The command that reads a picture for a card of room `code`: an upload from the room's own
    /// hash, a deck picture from the shared key of its tag.
    func pictureRead(_ etag: String, in code: RoomCode) -> [String] {
        PictureETag.isUpload(etag) ? ["HGET", ClusterKeys.pictures(code), etag] : ["GET", ClusterKeys.picture(etag)]
    }

    /// A closed room's pictures go at once (an abandoned room's expire with its other keys).
    func forgetRoomPictures(_ code: RoomCode) {
        link.send(["DEL", ClusterKeys.pictures(code)])
    }
}
