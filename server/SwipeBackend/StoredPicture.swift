import Logging
import SwipePictures
import SwipeRooms

/// Where a picture the deck library does not hold may be found: a cluster node asks the
/// shared store (`swipedeck:picture:TAG`) and answers once it replied.
///
/// ```swift
/// HTTPRoutes.picture(room: code, card: "dune", ifNoneMatch: nil, registry: registry, stored: { _ in .absent }).status   // 404
/// ```
public enum StoredPicture: Sendable {
    /// No shared store: this node serves its own decks' pictures only.
    case noStore
    /// The store had it (or this node's cache did).
    case found(PictureAsset)
    /// The store has no picture with this tag.
    case absent
    /// The store cannot be reached; try again in `retryAfter` seconds.
    case unavailable(retryAfter: Int)
}

extension StoredPicture {
    /// Bytes a store kept under `etag`, checked before they are served, the same way by every
    /// backend: they must have that tag and be a picture (format and size read from them). The
    /// node that stored them checked them against its own limits; this only reads them, so a
    /// server with larger limits than the default serves what it took.
    ///
    /// ```swift
    /// StoredPicture.verified(row.bytes, etag: "u-…")   // .found(asset), or .failure saying why not
    /// ```
    package static func verified(_ bytes: [UInt8], etag: String) -> Result<PictureAsset, VerificationFailure> {
        let tag = PictureETag.tag(of: bytes, like: etag)
        guard tag == etag else { return .failure(VerificationFailure(reason: "its bytes have another tag (\(tag))")) }
        do {
            return .success(PictureAsset(bytes: bytes, info: try PictureReader.check(bytes, limits: readingLimits), etag: etag))
        } catch {
            return .failure(VerificationFailure(reason: "it cannot be read: \(error)"))
        }
    }

    /// Bytes a store gave back, as the answer to a picture request: `.found` once `verified`, else
    /// `.absent` (404), with why logged, `place` naming where they were kept.
    ///
    /// ```swift
    /// StoredPicture.served(bytes, etag: etag, from: "room \(code) in the log", logger: logger)   // .found(asset) or .absent
    /// ```
    package static func served(_ bytes: [UInt8], etag: String, from place: String, logger: Logger) -> StoredPicture {
        switch verified(bytes, etag: etag) {
        case let .success(asset):
            return .found(asset)
        case let .failure(failure):
            logger.error("picture \(etag) from \(place) is not served: \(failure.reason)")
            return .absent
        }
    }

    /// Why stored bytes are not served (`served` logs it and answers 404).
    package struct VerificationFailure: Error {
        package var reason: String
    }

    /// Limits that only read a stored picture's format and size.
    private static let readingLimits = PictureLimits(maxBytes: Int(Int32.max), maxWidth: 1 << 16, maxHeight: 1 << 16)

    /// Seconds a request is told to wait when a store cannot be reached for a picture.
    package static let retryAfter = 1
}
