/// A deck as loaded from a file: its name (from the file, or the file name without extension),
/// an optional display title, and its validated, sanitised cards with unique ids.
///
/// ```swift
/// let file = try DeckLoader.parse(Array(#"{"name":"movies","cards":[{"title":"Dune"}]}"#.utf8),
///                                 fileName: "movies.json")
/// file.name            // "movies"
/// file.cards[0].id     // "dune"
/// let deck = Deck(file)
/// ```
public struct DeckFile: Hashable, Sendable, Codable {
    /// A short name for the deck, e.g. "movies".
    public var name: String
    /// A title to show, e.g. "Movie night", if the file gave one.
    public var title: String?
    /// The cards, in file order.
    public var cards: [Card]

    /// Creates a deck file value.
    ///
    /// ```swift
    /// let file = DeckFile(name: "food", title: "Dinner?", cards: [Card(id: "pizza", title: "Pizza")])
    /// ```
    public init(name: String, title: String? = nil, cards: [Card]) {
        self.name = name
        self.title = title
        self.cards = cards
    }
}

/// The deck file formats ``DeckLoader`` reads, chosen by file extension.
///
/// ```swift
/// DeckFormat(fileName: "movies.CSV")   // .csv
/// DeckFormat(fileName: "movies.txt")   // nil
/// ```
public enum DeckFormat: String, Hashable, Sendable, Codable, CaseIterable {
    case json, csv

    /// The format for a file name's extension (case-insensitive), or nil if it is neither.
    ///
    /// ```swift
    /// DeckFormat(fileName: "decks/food.json")   // .json
    /// ```
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."),
              let format = DeckFormat(rawValue: fileName[fileName.index(after: dot)...].lowercased())
        else { return nil }
        self = format
    }
}
