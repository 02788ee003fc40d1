// The local backend's uploaded pictures: kept with their room in the SQLite log's `picture` table
// (or in memory with `--data :memory:`), written before the room's first record, read when a
// request names one, deleted when the room is forgotten (closed or evicted). Service thread only;
// touches this backend's log and, through its RoomHost, the logger.
import SwipeBackend
import SwipeCore
import SwipePictures
import SwipeProtocol
import SwipeRooms
import SwipeStore

extension LocalBackend {
    /// Writes a new room's pictures (one transaction) before its `roomCreated` record; a failure
    /// stops the server like a failed log write.
    func keepPictures(_ assets: [PictureAsset], of code: RoomCode) -> Bool {
        guard let store else {
            for asset in assets { pictures[code, default: [:]][asset.etag] = asset }
            return true
        }
        guard storageFailure == nil else { return false }
        do {
            try store.keepPictures(assets.map { StoredPictureRow(etag: $0.etag, format: $0.format.rawValue, bytes: $0.bytes) }, room: code.rawValue)
            return true
        } catch {
            return stop(because: "cannot write room \(code)'s pictures to \(store.path): \(error)")
        }
    }

    /// An uploaded picture of room `code` (read from the log, checked again on the way out); deck
    /// pictures this machine lacks are not anywhere else (`.noStore`).
    package func storedPicture(_ etag: String, in code: RoomCode, for request: HTTPRequestID) -> StoredPicture {
        guard PictureETag.isUpload(etag) else { return .noStore }
        guard let store else { return pictures[code]?[etag].map { .found($0) } ?? .absent }
        do {
            guard let row = try store.picture(room: code.rawValue, etag: etag) else { return .absent }
            switch StoredPicture.verified(row.bytes, etag: etag) {
            case let .success(asset):
                return .found(asset)
            case let .failure(failure):
                host.logger.error("room \(code)'s picture \(etag) in \(store.path) is not served: \(failure.reason)")
                return .absent
            }
        } catch {
            host.logger.error("cannot read room \(code)'s picture \(etag) from \(store.path): \(error)")
            return .unavailable(retryAfter: StoredPicture.retryAfter)
        }
    }
}
