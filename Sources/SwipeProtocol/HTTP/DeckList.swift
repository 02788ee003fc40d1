/// The answer to `GET /decks`: the decks a server offers, sorted by name.
///
/// ```json
/// {"decks":[{"cards":12,"name":"movies","title":"Movie night"},{"cards":10,"name":"restaurants","title":"Dinner out"}]}
/// ```
public struct DeckList: Hashable, Sendable, Codable {
    /// One deck: the name `create` takes, the title screens show, and how many cards it has.
    ///
    /// ```swift
    /// DeckList.Entry(name: "movies", title: "Movie night", cards: 12)
    /// ```
    public struct Entry: Hashable, Sendable, Codable {
        public var name: String
        public var title: String
        public var cards: Int

        public init(name: String, title: String, cards: Int) {
            self.name = name
            self.title = title
            self.cards = cards
        }
    }

    public var decks: [Entry]

    /// Creates a list.
    ///
    /// ```swift
    /// let list = DeckList(decks: [DeckList.Entry(name: "movies", title: "Movie night", cards: 12)])
    /// ```
    public init(decks: [Entry]) { self.decks = decks }

    /// The list as a table for a terminal: a header, then one line per deck with its name, card
    /// count and title in aligned columns.
    ///
    /// ```swift
    /// print(list.table())
    /// // NAME     CARDS  TITLE
    /// // movies      12  Movie night
    /// ```
    public func table() -> String {
        let nameWidth = max(4, decks.map(\.name.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func padLeft(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var lines = [pad("NAME", nameWidth) + "  CARDS  TITLE"]
        for deck in decks {
            lines.append(pad(deck.name, nameWidth) + "  " + padLeft(String(deck.cards), 5) + "  " + deck.title)
        }
        return lines.joined(separator: "\n")
    }
}
