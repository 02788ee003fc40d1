// Shell: reads the picture files a host's own deck names (`swipe create --deck FILE`), relative to
// the deck file's folder, and checks them as the server will. Runs on the main thread before the
// screen starts; touches only the files the deck names.
import Foundation
import SwipeClientCore
import SwipeCore
import SwipePictures
import SwipeProtocol

/// The pictures of a deck read from a file: each file once (the cards that share it listed), read
/// and checked like a `--decks` picture (a regular file, `limits.maxBytes`, the format from the
/// bytes against the name's, the header's dimensions, every pixel).
///
/// ```swift
/// let pictures = try DeckPictureFiles.read(cards: create.cards ?? [], deckFile: "decks/films.json")
/// pictures.first?.file   // "posters/dune.png"
/// ```
public enum DeckPictureFiles {
    /// Why a picture cannot be sent: the deck file, the card and the picture named, then the reason.
    ///
    /// ```swift
    /// error.description   // "films.json: card \"dune\": picture dune.png: not a PNG or JPEG image"
    /// ```
    public struct Problem: Error, Hashable, CustomStringConvertible {
        public var deckFile: String
        public var card: CardID
        public var file: String
        public var reason: String
        public var description: String { "\(deckFile): card \"\(card.rawValue)\": picture \(file): \(reason)" }
    }

    /// Reads every picture `cards` name, relative to `deckFile`'s folder, in the order the cards
    /// name them. Throws the first picture that cannot be used.
    ///
    /// ```swift
    /// try DeckPictureFiles.read(cards: cards, deckFile: "decks/films.json", limits: PictureLimits(maxBytes: 100))
    /// // throws: decks/films.json: card "dune": picture pics/dune.png: 396 bytes, the limit is 100
    /// ```
    public static func read(cards: [Card], deckFile: String, limits: PictureLimits = .standard) throws(Problem) -> [DeckPicture] {
        let folder = (deckFile as NSString).deletingLastPathComponent
        var pictures: [DeckPicture] = []
        var index: [String: Int] = [:]
        for card in cards {
            guard let file = card.picture?.file else { continue }
            if let at = index[file] {
                pictures[at].cards.append(card.id)
                continue
            }
            do {
                let (bytes, _) = try PictureFile.read(file, in: folder.isEmpty ? "." : folder, named: PictureFormat(fileName: file), limits: limits)
                index[file] = pictures.count
                pictures.append(DeckPicture(file: file, deckFile: deckFile, cards: [card.id], bytes: bytes))
            } catch {
                throw Problem(deckFile: deckFile, card: card.id, file: file, reason: error.description)
            }
        }
        return pictures
    }
}
