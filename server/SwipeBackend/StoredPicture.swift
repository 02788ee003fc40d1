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
