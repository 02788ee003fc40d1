/// What a card may have beside its id, title and body: tags, a terminal image and a picture file.
/// Most cards have none of them (every inline deck's cards, and the `picture` of nearly all), and
/// a room keeps its whole deck, so `Card` holds them behind one shared, immutable reference that is
/// nil when all three are empty: a card then takes 56 bytes instead of 120 (1,000 members in 100
/// rooms of 300 inline cards: 1.9 MB less). Copies of a card share the reference; a change makes a
/// new one (`with`).
///
/// ```swift
/// let extras = CardExtras.make(tags: ["sci-fi"], image: CardImage(), picture: nil)   // one reference
/// CardExtras.make(tags: [], image: CardImage(), picture: nil)                        // nil: nothing to hold
/// ```
final class CardExtras: Hashable, Sendable {
    let tags: [String]
    let image: CardImage
    let picture: CardPicture?

    private init(tags: [String], image: CardImage, picture: CardPicture?) {
        self.tags = tags
        self.image = image
        self.picture = picture
    }

    /// The reference for these parts, or nil when they are all empty (so equal cards hold equal extras).
    static func make(tags: [String], image: CardImage, picture: CardPicture?) -> CardExtras? {
        if tags.isEmpty && image.isEmpty && picture == nil { return nil }
        return CardExtras(tags: tags, image: image, picture: picture)
    }

    static func == (lhs: CardExtras, rhs: CardExtras) -> Bool {
        lhs === rhs || (lhs.tags == rhs.tags && lhs.image == rhs.image && lhs.picture == rhs.picture)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(tags)
        hasher.combine(image)
        hasher.combine(picture)
    }
}

extension Optional where Wrapped == CardExtras {
    var tags: [String] { self?.tags ?? [] }
    var image: CardImage { self?.image ?? CardImage() }
    var picture: CardPicture? { self?.picture }

    /// These extras with one part changed (nil again once every part is empty).
    func with(tags: [String]? = nil, image: CardImage? = nil, picture: CardPicture?? = nil) -> CardExtras? {
        CardExtras.make(tags: tags ?? self.tags, image: image ?? self.image, picture: picture ?? self.picture)
    }
}
