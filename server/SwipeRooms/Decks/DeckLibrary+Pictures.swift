// Card pictures of the deck library: read from the deck directory and checked once, at start, on
// the thread that loads the library (swipe-server's main thread). The service thread only reads them.
import Foundation
import SwipeCore
import SwipePictures

/// A checked picture held in memory, served by `GET /rooms/CODE/cards/ID/picture`.
///
/// ```swift
/// let asset = library.picture(etag: "p-…")
/// asset?.format.contentType   // "image/png"
/// ```
public struct PictureAsset: Hashable, Sendable {
    public var format: PictureFormat
    public var bytes: [UInt8]
    public var etag: String
    public var width: Int
    public var height: Int

    /// A picture whose bytes were checked already (`PictureReader.check` gave the format and size).
    ///
    /// ```swift
    /// PictureAsset(format: .png, bytes: bytes, etag: PictureETag.of(bytes), width: 32, height: 32)
    /// ```
    /// Checked `bytes` under `etag`, with what the check read of them.
    ///
    /// ```swift
    /// PictureAsset(bytes: bytes, info: try PictureReader.check(bytes), etag: PictureETag.of(bytes))
    /// ```
    public init(bytes: [UInt8], info: PictureInfo, etag: String) {
        self.init(format: info.format, bytes: bytes, etag: etag, width: info.width, height: info.height)
    }

    public init(format: PictureFormat, bytes: [UInt8], etag: String, width: Int, height: Int) {
        self.format = format
        self.bytes = bytes
        self.etag = etag
        self.width = width
        self.height = height
    }
}

extension DeckLibrary {
    /// The picture whose bytes have this tag, if a deck of the library has it.
    ///
    /// ```swift
    /// library.picture(etag: card.picture?.etag ?? "")?.bytes.count
    /// ```
    public func picture(etag: String) -> PictureAsset? { pictures[etag] }

    /// Reads and checks the pictures a deck's cards name (relative to `folder`), records each
    /// card's tag and keeps the bytes. A missing, unreadable, too large or damaged file, or one
    /// whose bytes are not the format its name says, is a ``DeckLoadError`` naming the deck file,
    /// the card and the reason.
    ///
    /// ```swift
    /// try library.attachPictures(to: &cards, folder: "/srv/decks", deckFile: "movies.json", format: .json, limits: .standard)
    /// ```
    mutating func attachPictures(to cards: inout [Card], folder: String, deckFile: String, format: DeckFormat?,
                                 limits: PictureLimits) throws(DeckLoadError) {
        for index in cards.indices {
            guard let picture = cards[index].picture else { continue }
            func fail(_ message: String) -> DeckLoadError {
                let record = format == .json ? index : index + 1
                return DeckLoadError(file: deckFile, record: record, field: "picture", message: "\(picture.file): \(message)", format: format)
            }
            do {
                let (bytes, info) = try PictureFile.read(picture.file, in: folder, named: picture.format, limits: limits)
                cards[index].picture?.etag = keep(bytes, info: info)
            } catch {
                throw fail(error.description)
            }
        }
    }

    /// The bundled decks' pictures, from ``BundledPictures`` (covered by tests: a failure is a
    /// programming error, and leaves the card with its glyph).
    mutating func attachBundledPictures(to cards: inout [Card]) {
        for index in cards.indices {
            guard let picture = cards[index].picture else { continue }
            guard let text = BundledPictures.base64[picture.file], let data = Data(base64Encoded: text),
                  let etag = try? keep(Array(data), named: picture.format, limits: .standard) else {
                cards[index].picture = nil
                continue
            }
            cards[index].picture?.etag = etag
        }
    }

    /// Checks a picture's bytes, keeps them and returns their tag.
    private mutating func keep(_ bytes: [UInt8], named: PictureFormat?, limits: PictureLimits) throws(PictureProblem) -> String {
        keep(bytes, info: try PictureReader.check(bytes, named: named, limits: limits))
    }

    /// Keeps checked bytes and returns their tag.
    private mutating func keep(_ bytes: [UInt8], info: PictureInfo) -> String {
        let etag = PictureETag.of(bytes)
        pictures[etag] = PictureAsset(bytes: bytes, info: info, etag: etag)
        return etag
    }
}
