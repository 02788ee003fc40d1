/// One card of a deck: what the group votes on. Text may be any Unicode, right-to-left included.
///
/// ```swift
/// let card = Card(id: "dune", title: "Dune", body: "Sand, spice, destiny.", tags: ["sci-fi"],
///                 image: CardImage(glyph: "🏜"))
/// ```
public struct Card: Hashable, Sendable, Codable, Identifiable {
    public var id: CardID
    public var title: String
    public var body: String
    /// Tags, image and picture, which most cards lack: one reference, nil when all are empty
    /// (a room keeps its whole deck; see `CardExtras`).
    private var extras: CardExtras?

    public var tags: [String] {
        get { extras.tags }
        set { extras = extras.with(tags: newValue) }
    }

    public var image: CardImage {
        get { extras.image }
        set { extras = extras.with(image: newValue) }
    }

    /// A picture file for the card, when its deck file names one (nil for inline decks).
    public var picture: CardPicture? {
        get { extras.picture }
        set { extras = extras.with(picture: .some(newValue)) }
    }

    /// Creates a card.
    ///
    /// ```swift
    /// let card = Card(id: "c1", title: "Pizza")
    /// ```
    public init(id: CardID, title: String, body: String = "", tags: [String] = [], image: CardImage = CardImage(),
                picture: CardPicture? = nil) {
        self.id = id
        self.title = title
        self.body = body
        extras = CardExtras.make(tags: tags, image: image, picture: picture)
    }

    private enum CodingKeys: String, CodingKey { case id, title, body, tags, image, picture }

    /// Decodes a card; `body`, `tags`, `image` and `picture` may be absent.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(CardID.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        body = try c.decodeIfPresent(String.self, forKey: .body) ?? ""
        extras = CardExtras.make(tags: try c.decodeIfPresent([String].self, forKey: .tags) ?? [],
                                 image: try c.decodeIfPresent(CardImage.self, forKey: .image) ?? CardImage(),
                                 picture: try c.decodeIfPresent(CardPicture.self, forKey: .picture))
    }

    /// Encodes a card, leaving out empty optional parts.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        if !body.isEmpty { try c.encode(body, forKey: .body) }
        if !tags.isEmpty { try c.encode(tags, forKey: .tags) }
        if !image.isEmpty { try c.encode(image, forKey: .image) }
        try c.encodeIfPresent(picture, forKey: .picture)
    }
}
