import Foundation
import SwipeCore
import SwipePictures

/// A card with a picture for previews, benchmarks and tests (golden frames, the painter, the
/// picture thread): the drawing, its card, and a model that shows it. Built only through `update`.
///
/// ```swift
/// let model = SampleScenes.withPicture(size: TermSize(columns: 80, rows: 24), colours: .palette256)
/// view(model, size: model.size).pictureCellsWanted?.etag   // SampleScenes.pictureETag
/// ```
extension SampleScenes {
    /// A 48 × 32 drawing: a blue-to-orange sky over a green hill, a yellow sun.
    public static let picture: DecodedPicture = {
        var rgba: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<48 {
                let t = Double(y) / 31
                var c = (r: 40 + 200 * t, g: 90 + 60 * t, b: 220 - 180 * t)
                if Double(y) > 22 + 4 * sin(Double(x) / 6) { c = (40, 150, 60) }
                if (Double(x) - 34) * (Double(x) - 34) + (Double(y) - 9) * (Double(y) - 9) < 25 { c = (250, 220, 60) }
                rgba += [UInt8(c.r), UInt8(c.g), UInt8(c.b), 255]
            }
        }
        return DecodedPicture(width: 48, height: 32, rgba: rgba)
    }()

    /// The picture's tag.
    public static let pictureETag = "p-00000000000000000000000000000001"
    /// A card with the picture (and its glyph for when it has not arrived or failed).
    public static let pictureCard = Card(id: "dune", title: "Dune", body: "Sand, spice and a very long walk.", tags: ["sci-fi"],
                                         image: CardImage(glyph: "🏜"), picture: CardPicture(file: "movies/dune.png", etag: pictureETag))

    /// ``atRest(size:pacing:layout:visible:)`` with `card` on top of the first two sample cards.
    ///
    /// ```swift
    /// let model = SampleScenes.withTopCard(Card(id: "ar", title: "مرحبا"), size: TermSize(columns: 80, rows: 24))
    /// ```
    public static func withTopCard(_ card: Card, size: TermSize) -> AppModel {
        atRest(size: size, visible: [card] + Array(cards.prefix(2)))
    }

    /// The picture card on top in `symbols` mode at the given colours; the picture has arrived
    /// unless `arrived` is false (then the card shows its glyph).
    ///
    /// ```swift
    /// let waiting = SampleScenes.withPicture(size: TermSize(columns: 80, rows: 24), colours: .truecolor, arrived: false)
    /// ```
    public static func withPicture(size: TermSize, colours: PictureColours, arrived: Bool = true) -> AppModel {
        var model = withTopCard(pictureCard, size: size)
        model.options.pictures = .symbols
        model.options.pictureColours = colours
        model.options.colour = colours != .none
        if arrived { update(&model, .pictureArrived(DecodedPictureRef(etag: pictureETag, picture: picture))) }
        return model
    }
}
