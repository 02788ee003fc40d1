import SwipeCore
import SwipeProtocol

/// Card pictures in `update`: which to fetch, which cells to draw, and what came back. The shell's
/// picture threads only carry out `.fetchPicture` and `.drawPictureCells` and post the answers as
/// events; what the model holds of a picture changes here and nowhere else.
///
/// ```swift
/// model.options.pictures = .symbols
/// update(&model, .server(.welcome(welcome)))   // […, .fetchPicture(etag: "p-1", room: "K7QM", card: "dune")]
/// update(&model, .pictureArrived(DecodedPictureRef(etag: "p-1", picture: picture)))   // []
/// ```
extension AppModel {
    /// The pictures of the cards in view that nobody asked for yet, marked as asked for, as fetch
    /// effects (none while pictures are off or before a room).
    ///
    /// ```swift
    /// model.pictureFetches()   // [.fetchPicture(etag: "p-1", room: "K7QM", card: "dune")], then []
    /// ```
    mutating func pictureFetches() -> [AppEffect] {
        guard options.pictures != .off, let room else { return [] }
        var fetches: [AppEffect] = []
        for card in room.visible {
            guard let etag = card.picture?.etag, pictures.states[etag] == nil else { continue }
            pictures.states[etag] = .requested
            fetches.append(.fetchPicture(etag: etag, room: room.code, card: card.id))
        }
        return fetches
    }

    /// A picture event: a fetch's or a drawing's answer, or a frame that wanted cells.
    ///
    /// ```swift
    /// model.receivePicture(.pictureFailed(etag: "p-1"))   // [] (the card keeps its glyph)
    /// ```
    mutating func receivePicture(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case let .pictureArrived(picture):
            pictures.states[picture.etag] = .arrived(picture)
        case let .pictureFailed(etag):
            pictures.states[etag] = .failed
        case let .pictureCellsReady(request, cells):
            pictures.keep(cells, for: request)
        case let .frameWantsPictureCells(request):
            // The picture thread draws them; asking again while it does is answered once.
            guard options.pictures != .off, pictures.drawn[request] == nil,
                  let picture = pictures.picture(request.etag) else { return [] }
            return [.drawPictureCells(request, picture)]
        case .picturePixelsReady:
            break   // the shell keeps the bytes (PixelBytes) and writes them on its next turn
        case .tick, .key, .mousePressed, .mouseDragged, .mouseReleased, .resized, .server, .serverGarbled,
             .connected, .disconnected, .connectionRefused, .exported:
            break
        }
        return []
    }
}
