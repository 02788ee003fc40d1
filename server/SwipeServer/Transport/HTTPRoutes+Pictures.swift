import SwipeBackend
import SwipeCore
import SwipePictures
import SwipeProtocol
import SwipeRooms

/// `GET /rooms/CODE/cards/ID/picture` (and HEAD): a card's picture as the deck library loaded it at
/// start (or, on a cluster node without it, as the shared store keeps it by its tag), with `Content-Type`, `ETag`, `Cache-Control`, and 304 when `If-None-Match` names the tag.
/// An unknown room is a failed guess, as for results; an unknown card, or one without a picture, is
/// a plain 404.
///
/// ```swift
/// let response = HTTPRoutes.picture(room: "K7QM-X4TD-9R", card: "dune", ifNoneMatch: nil, registry: registry)
/// response.headers["ETag"]   // "\"p-…\""
/// ```
extension HTTPRoutes {
    /// How long a client may use a picture without asking again: the bytes behind a card's URL
    /// never change while its room lives (a changed file has another tag and is not served there).
    public static let pictureCacheControl = "private, max-age=86400"

    /// The room and card a picture path names (`/rooms/CODE/cards/ID/picture`), or nil.
    ///
    /// ```swift
    /// HTTPRoutes.pictureTarget(inPath: "/rooms/k7qm-x4td-9r/cards/dune/picture")?.card   // "dune"
    /// ```
    public static func pictureTarget(inPath path: String) -> (room: String, card: CardID)? {
        let cleanPath = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        let parts = cleanPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard parts.count == 5, parts[0] == "rooms", parts[2] == "cards", parts[4] == "picture", !parts[3].isEmpty else { return nil }
        return (parts[1], CardID(parts[3].removingPercentEscapes()))
    }

    /// Where a picture the deck library does not hold may be found (the backend's answer).
    public typealias StoredPicture = SwipeBackend.StoredPicture

    /// The answer for a card's picture: from the deck library, else from `stored` (the shared store).
    public static func picture(room code: String, card: CardID, ifNoneMatch: String?, registry: RoomRegistry,
                               stored: (String) -> StoredPicture = { _ in .noStore }) -> HTTPResponse {
        guard let room = registry.room(RoomCode(code)) else {
            var response = json(404, ProtocolError(.unknownRoom, "no room \"\(code)\""))
            response.missedRoom = true
            return response
        }
        guard let entry = room.cards.first(where: { $0.id == card }) else {
            return json(404, ProtocolError(.other, "room \(room.code) has no card \"\(card)\""))
        }
        guard let etag = entry.picture?.etag else {
            return json(404, ProtocolError(.other, "card \"\(card)\" has no picture"))
        }
        let asset: PictureAsset
        if let local = registry.library.picture(etag: etag) {
            asset = local
        } else {
            switch stored(etag) {
            case let .found(fetched):
                asset = fetched
            case .noStore:
                return json(404, ProtocolError(.other, "this server has no copy of card \"\(card)\"'s picture \(etag) (it serves its own --decks' pictures only)"))
            case .absent:
                return json(404, ProtocolError(.other, "the store has no picture \(etag) for card \"\(card)\" of room \(room.code)"))
            case let .unavailable(retryAfter):
                return storeUnavailable(retryAfter: retryAfter, for: "card \"\(card)\"'s picture")
            }
        }
        let headers = ["ETag": "\"\(etag)\"", "Cache-Control": pictureCacheControl]
        if let ifNoneMatch, PictureETag.matches(ifNoneMatch, etag: etag) {
            return HTTPResponse(status: 304, contentType: asset.format.contentType, body: [], headers: headers)
        }
        return HTTPResponse(status: 200, contentType: asset.format.contentType, body: asset.bytes, headers: headers)
    }
}

extension String {
    /// `%XX` escapes decoded (invalid ones left as they are).
    fileprivate func removingPercentEscapes() -> String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
