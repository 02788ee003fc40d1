import SwipeCore
import SwipeProtocol

/// What `swipe create --deck` names: a deck the server has, a file on this machine, or standard
/// input. A file is anything with a `/` or a deck file's extension (`.json`, `.csv`, `.txt`,
/// `.text`, `.list`, `.md`, `.markdown`); `-` is standard input; anything else is a server deck's
/// name (write `./lunch` for a file without an extension).
///
/// ```swift
/// DeckReference("movies")       // .server("movies")
/// DeckReference("lunch.txt")    // .file("lunch.txt")
/// DeckReference("./lunch")      // .file("./lunch")
/// DeckReference("-")            // .standardInput
/// ```
public enum DeckReference: Hashable, Sendable {
    case server(String)
    case file(String)
    case standardInput

    /// Reads what `--deck` was given.
    ///
    /// ```swift
    /// DeckReference("decks/food")   // .file("decks/food")
    /// ```
    public init(_ text: String) {
        if text == "-" {
            self = .standardInput
        } else if text.contains("/") || DeckFormat(fileName: text) != nil {
            self = .file(text)
        } else {
            self = .server(text)
        }
    }

    /// The limits a deck sent from this machine must meet: the server's for inline cards (500).
    ///
    /// ```swift
    /// DeckReference.inlineLimits.maxCards   // 500
    /// ```
    public static let inlineLimits = DeckLimits(maxCards: 500)

    /// The `create` for a deck read from this machine: its cards inline, named by the file's
    /// title (Markdown `# Heading`, JSON `title`), else its name (JSON `name` or the file name).
    /// `format` nil: the file's extension decides, or for standard input what the bytes look
    /// like (``DeckFormat/sniff(_:)``). Errors name the file (`standard input` for `-`), the
    /// line and the field.
    ///
    /// ```swift
    /// var create = CreateRoom(name: "Ann", rule: .majority)
    /// try DeckReference.file("lunch.txt").fill(&create, bytes: Array("Pho\nTacos\n".utf8), format: nil)
    /// create.cards?.count   // 2
    /// create.deck           // "lunch"
    /// ```
    public func fill(_ create: inout CreateRoom, bytes: [UInt8], format: DeckFormat?) throws(DeckLoadError) {
        switch self {
        case let .server(name):
            create.deck = name
            create.cards = nil
        case let .file(path):
            let file = try DeckLoader.parse(bytes, fileName: path, format: format, limits: Self.inlineLimits)
            create.deck = file.title ?? file.name
            create.cards = file.cards
        case .standardInput:
            let file = try DeckLoader.parse(bytes, fileName: "standard input", format: format ?? DeckFormat.sniff(bytes),
                                            limits: Self.inlineLimits)
            create.deck = file.title ?? "custom"
            create.cards = file.cards
        }
    }
}
