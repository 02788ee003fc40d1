import SwipeCore

/// A picture the host's own deck names (`swipe create --deck FILE`), read and checked on this
/// machine: uploaded before the `create`, in `picture` chunks, and named in its cards by the tag
/// the server gives it.
///
/// ```swift
/// let picture = DeckPicture(file: "posters/dune.png", deckFile: "films.json", cards: ["dune"], bytes: png)
/// ```
public struct DeckPicture: Hashable, Sendable {
    /// The file as the deck names it (relative to the deck file).
    public var file: String
    /// The deck file, for messages.
    public var deckFile: String
    /// The cards that show it.
    public var cards: [CardID]
    public var bytes: [UInt8]

    public init(file: String, deckFile: String, cards: [CardID], bytes: [UInt8]) {
        self.file = file
        self.deckFile = deckFile
        self.cards = cards
        self.bytes = bytes
    }
}
