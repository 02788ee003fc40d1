// The local backend's uploaded pictures: kept with their room by its `RoomStore` (or in memory
// with `--data :memory:`), before the room's first record; read back, and checked again, when a
// request names one; forgotten with the room (closed or evicted). Service thread only; touches the
// store and, through its RoomHost, the logger.
import SwipeBackend
import SwipeCore
import SwipePictures
import SwipeProtocol
import SwipeRooms

extension LocalBackend {
    /// Keeps a new room's pictures (one transaction) before its `roomCreated` record; a failure
    /// stops the server like a failed write of its records.
    func keepPictures(_ assets: [PictureAsset], of code: RoomCode) -> Bool {
        guard let store else {
            for asset in assets { pictures[code, default: [:]][asset.etag] = asset }
            return true
        }
        guard storageFailure == nil else { return false }
        do {
            try store.keepPictures(assets, of: code)
            return true
        } catch {
            return stop(because: "cannot write room \(code)'s pictures to \(store.name): \(error)")
        }
    }

    /// An uploaded picture of room `code` (read from the store, checked again on the way out); deck
    /// pictures this machine lacks are not anywhere else (`.noStore`).
    package func storedPicture(_ etag: String, in code: RoomCode, for request: HTTPRequestID) -> StoredPicture {
        guard PictureETag.isUpload(etag) else { return .noStore }
        guard let store else { return pictures[code]?[etag].map { .found($0) } ?? .absent }
        do {
            guard let bytes = try store.picture(etag, of: code) else { return .absent }
            return StoredPicture.served(bytes, etag: etag, from: "room \(code) in \(store.name)", logger: host.logger)
        } catch {
            host.logger.error("cannot read room \(code)'s picture \(etag) from \(store.name): \(error)")
            return .unavailable(retryAfter: StoredPicture.retryAfter)
        }
    }
}
