import SwipeCore
import SwipePictures
import SwipeProtocol

extension RoomRegistry {
    /// A host's inline cards with the pictures they may keep: a picture whose tag the host's
    /// connection uploaded (`uploaded`, tags the server computed from checked bytes) is kept, with
    /// its file name checked as a deck's; one naming any other tag (a deck picture's, another
    /// room's, a made-up one) is refused, so a create can only point at bytes it sent itself; one
    /// without a tag (an older client) is dropped, as before uploads existed.
    ///
    /// ```swift
    /// RoomRegistry.uploadedPictures(of: cards, uploaded: ["u-ba78…"])   // .success(cards, pictures kept)
    /// ```
    static func uploadedPictures(of cards: [Card], uploaded: Set<String>) -> Result<[Card], ProtocolError> {
        var kept = cards
        for index in kept.indices {
            guard let picture = kept[index].picture else { continue }
            guard let etag = picture.etag else {
                kept[index].picture = nil
                continue
            }
            let card = kept[index].id
            guard uploaded.contains(etag), PictureETag.isUpload(etag) else {
                return .failure(ProtocolError(.badDeck, "create: card \"\(card)\"'s picture \"\(String(picture.file.prefix(200)))\" names tag "
                                              + "\"\(String(etag.prefix(80)))\", which this connection did not upload (send it with picture messages first)"))
            }
            if let problem = CardPicture.problem(with: picture.file) {
                return .failure(ProtocolError(.badDeck, "create: card \"\(card)\"'s picture: the file name \(problem)"))
            }
        }
        return .success(kept)
    }
}
