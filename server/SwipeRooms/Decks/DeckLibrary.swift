import Foundation
import SwipeCore
import SwipePictures
import SwipeProtocol

/// The decks a server offers, by name: the bundled samples, plus every `.json` / `.csv` file in a
/// directory (validated at load; a bad file is a clear error naming it), with the pictures their
/// cards name (checked at load too, kept in memory by ETag: `DeckLibrary+Pictures.swift`).
///
/// ```swift
/// let library = try DeckLibrary.load(directory: "decks")   // or DeckLibrary.bundled()
/// library.deck(named: "movies")?.cards.count
/// ```
public struct DeckLibrary: Sendable {
    /// A loaded deck.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var title: String
        public var cards: [Card]
    }

    public private(set) var decks: [String: Entry] = [:]
    /// Every checked picture of every deck, by ETag.
    public package(set) var pictures: [String: PictureAsset] = [:]

    /// Deck names, sorted.
    ///
    /// ```swift
    /// DeckLibrary.bundled().names   // ["movies", "restaurants", "world-cinema"]
    /// ```
    public var names: [String] { decks.keys.sorted() }

    /// Every deck's name, title and size, sorted by name (what `GET /decks` answers).
    ///
    /// ```swift
    /// DeckLibrary.bundled().list.decks.first?.name   // "movies"
    /// ```
    public var list: DeckList {
        DeckList(decks: names.compactMap { deck(named: $0) }.map { DeckList.Entry(name: $0.name, title: $0.title, cards: $0.cards.count) })
    }

    /// The deck called `name` (case-insensitive).
    ///
    /// ```swift
    /// library.deck(named: "Movies")?.title   // "Movie night"
    /// ```
    public func deck(named name: String) -> Entry? { decks[name.lowercased()] }

    /// Adds a deck parsed from a file's bytes.
    ///
    /// ```swift
    /// try library.add(bytes, fileName: "picnic.csv")
    /// ```
    public mutating func add(_ bytes: [UInt8], fileName: String) throws {
        try add(bytes, fileName: fileName, pictureFolder: nil, pictureLimits: .standard)
    }

    /// Adds a deck parsed from a file's bytes, reading the pictures its cards name from
    /// `pictureFolder` (a deck with pictures and no folder is refused).
    ///
    /// ```swift
    /// try library.add(bytes, fileName: "movies.json", pictureFolder: "/srv/decks", pictureLimits: .standard)
    /// ```
    public mutating func add(_ bytes: [UInt8], fileName: String, pictureFolder: String?, pictureLimits: PictureLimits) throws {
        let parsed = try CoreBridge.parseDeck(bytes, fileName: fileName)
        var cards = parsed.cards.map(CoreBridge.cleaned)
        if cards.contains(where: { $0.picture != nil }) {
            if BundledDecks.files.contains(where: { $0.fileName == fileName && Array($0.text.utf8) == bytes }) {
                attachBundledPictures(to: &cards)
            } else if let pictureFolder {
                try attachPictures(to: &cards, folder: pictureFolder, deckFile: fileName, format: DeckFormat(fileName: fileName), limits: pictureLimits)
            } else {
                throw DeckLoadError(file: fileName, field: "picture", message: "pictures need a deck folder to read them from", format: DeckFormat(fileName: fileName))
            }
        }
        decks[parsed.name.lowercased()] = Entry(name: parsed.name, title: CoreBridge.clean(parsed.title), cards: cards)
    }

    /// The bundled sample decks only.
    ///
    /// ```swift
    /// DeckLibrary.bundled().names   // ["movies", "restaurants", "world-cinema"]
    /// ```
    public static func bundled() -> DeckLibrary {
        var library = DeckLibrary()
        for file in BundledDecks.files {
            // The bundled decks are covered by tests; a failure here is a programming error surfaced by them.
            try? library.add(Array(file.text.utf8), fileName: file.fileName)
        }
        return library
    }

    /// The bundled decks plus every deck file in `directory` (files there win on a name clash).
    /// Throws `DeckLibraryError` naming the first bad file and what is wrong with it.
    ///
    /// ```swift
    /// let library = try DeckLibrary.load(directory: "/srv/decks")
    /// ```
    public static func load(directory: String, pictureLimits: PictureLimits = .standard) throws -> DeckLibrary {
        var library = bundled()
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw DeckLibraryError(description: "--decks \(directory): cannot read the directory (\(error.localizedDescription))")
        }
        for name in names where name.lowercased().hasSuffix(".json") || name.lowercased().hasSuffix(".csv") {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw DeckLibraryError(description: "\(path): cannot read the file")
            }
            do {
                try library.add(Array(data), fileName: name, pictureFolder: directory, pictureLimits: pictureLimits)
            } catch {
                throw DeckLibraryError(description: "\(path): \(error)")
            }
        }
        return library
    }
}

/// A deck directory that could not be loaded, with the file and the reason.
///
/// ```swift
/// do { _ = try DeckLibrary.load(directory: "decks") } catch { print(error) }   // "decks/x.csv: x.csv: line 3: …"
/// ```
public struct DeckLibraryError: Error, CustomStringConvertible {
    public var description: String
}
