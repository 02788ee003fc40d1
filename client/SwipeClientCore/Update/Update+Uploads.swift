import SwipeCore
import SwipeProtocol

/// Uploading the host's own deck's pictures before `create`: one picture at a time (its chunks,
/// then wait for `pictureReceived`), then the `create` whose cards name the tags the server gave.
/// A refusal ends the client with status 64 naming the deck file, the card, the picture and the
/// server's reason; no room exists then.
extension AppModel {
    /// The picture being uploaded: the first the server has not tagged yet (nil once all are).
    var uploadingPicture: DeckPicture? {
        guard room == nil, token == nil, case .create = options.entry else { return nil }
        return options.deckPictures.first { pictureTags[$0.file] == nil }
    }

    /// What a fresh connection sends first: the next picture's chunks, or the join or create.
    ///
    /// ```swift
    /// model.openingMessages()   // [.send(.picture(…)), …] while pictures remain, then [.send(.create(…))]
    /// ```
    func openingMessages() -> [AppEffect] {
        guard let picture = uploadingPicture else { return [.send(joinMessage())] }
        return PictureChunk.chunks(of: picture.bytes, file: picture.file).map { .send(.picture($0)) }
    }

    /// The server has a picture whole: the next one, or the create.
    mutating func pictureReceived(_ received: PictureReceived) -> [AppEffect] {
        guard uploadingPicture?.file == received.file else { return [] }
        pictureTags[received.file] = received.etag
        return openingMessages()
    }

    /// `create` with each inline card's picture named by the tag the server gave its file (a picture
    /// the server has not tagged is left out).
    func taggingPictures(of create: CreateRoom) -> CreateRoom {
        var tagged = create
        guard let cards = create.cards else { return tagged }
        tagged.cards = cards.map { card in
            var card = card
            if let file = card.picture?.file {
                card.picture = pictureTags[file].map { CardPicture(file: file, etag: $0) }
            }
            return card
        }
        return tagged
    }

    /// An error while a picture is on its way: the end (status 64), naming the picture, unless the
    /// server only asks to wait (`rateLimited` with `retryAfter`: the picture goes again then).
    mutating func pictureRefused(_ error: ProtocolError) -> [AppEffect]? {
        guard let picture = uploadingPicture else { return nil }
        if error.code == .rateLimited, let wait = error.retryAfter, wait <= Self.longestJoinWait { return nil }
        let cards = picture.cards.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let text = "\(picture.deckFile): card \(cards): picture \(picture.file): the server refused it: \(TextMetrics.clean(error.message)); no room was created"
        connection = .closed(reason: text)
        return [.disconnect, .exit(.badPicture(text))]
    }
}
