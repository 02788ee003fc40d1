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

/// The deck file formats ``DeckLoader`` reads, chosen by file extension: JSON (`.json`), CSV
/// (`.csv`), a plain text list (`.txt`, `.text`, `.list`: one option per line) and a Markdown
/// bullet list (`.md`, `.markdown`).
///
/// ```swift
/// DeckFormat(fileName: "movies.CSV")   // .csv
/// DeckFormat(fileName: "lunch.txt")    // .text
/// DeckFormat(fileName: "movies.xls")   // nil
/// ```
public enum DeckFormat: String, Hashable, Sendable, Codable, CaseIterable {
    case json, csv, text, markdown

    /// The extensions each format is chosen by (lowercase, without the dot), first the usual one.
    ///
    /// ```swift
    /// DeckFormat.markdown.extensions   // ["md", "markdown"]
    /// ```
    public var extensions: [String] {
        switch self {
        case .json: return ["json"]
        case .csv: return ["csv"]
        case .text: return ["txt", "text", "list"]
        case .markdown: return ["md", "markdown"]
        }
    }

    /// Every extension a deck file may have, for messages: `.json, .csv, .txt, …`.
    ///
    /// ```swift
    /// DeckFormat.extensionList   // ".json, .csv, .txt, .text, .list, .md, .markdown"
    /// ```
    public static var extensionList: String {
        allCases.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ")
    }

    /// The format for a file name's extension (case-insensitive), or nil if it is none of them.
    ///
    /// ```swift
    /// DeckFormat(fileName: "decks/food.json")   // .json
    /// ```
    public init?(fileName: String) {
        let last = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        let ext = last[last.index(after: dot)...].lowercased()
        guard let format = DeckFormat.allCases.first(where: { $0.extensions.contains(ext) }) else { return nil }
        self = format
    }

    /// The format a deck read without a file name (standard input) is most likely in: JSON when it
    /// starts with `{` or `[`, Markdown when its first line that is neither blank nor starts
    /// with `#` (a comment or a heading) is a bullet, else a text list. CSV is never guessed (a one-column CSV
    /// is a text list with a header): name it.
    ///
    /// ```swift
    /// DeckFormat.sniff(Array("- Pizza\n- Tacos\n".utf8))   // .markdown
    /// DeckFormat.sniff(Array("Pizza\nTacos\n".utf8))       // .text
    /// ```
    public static func sniff(_ bytes: [UInt8]) -> DeckFormat {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let text = String(decoding: body, as: UTF8.self)
        let firstCharacter = text.first(where: { !$0.isWhitespace })
        if firstCharacter == "{" || firstCharacter == "[" { return .json }
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            return DeckLoader.bulletText(trimmed) != nil ? .markdown : .text
        }
        return .text
    }
}
