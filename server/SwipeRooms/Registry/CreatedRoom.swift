import SwipeCore
import SwipeProtocol

/// Everything a room is made from, as the registry resolved a `create` (in a cluster, the creating
/// node: every node then builds the same room whatever decks or limits it was started with).
///
/// ```swift
/// let created = CreatedRoom(code: "K7QM-X4TD-9R", deckName: "movies", cards: cards, settings: RoomSettings(), hostName: "Ann")
/// ```
public struct CreatedRoom: Hashable, Sendable, Codable {
    public var code: RoomCode
    public var deckName: String
    public var cards: [Card]
    public var settings: RoomSettings
    public var hostName: String
    /// The room's webhook (`create`'s `notify`), carried in a cluster's `created` entry so that
    /// whichever node decides the room knows where to tell it (absent from older entries).
    public var notify: String?
    /// The creator's key tag from the server's trusted SSH gateway (`KeyTag`), if any.
    public var hostTag: String?

    public init(code: RoomCode, deckName: String, cards: [Card], settings: RoomSettings, hostName: String) {
        self.code = code
        self.deckName = deckName
        self.cards = cards
        self.settings = settings
        self.hostName = hostName
    }
}
