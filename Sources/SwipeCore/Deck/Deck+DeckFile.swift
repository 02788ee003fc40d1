extension Deck {
    /// Starts a deck from a loaded file: its name and cards, nothing swiped yet.
    ///
    /// ```swift
    /// let file = try DeckLoader.parse(bytes, fileName: "movies.csv")
    /// var deck = Deck(file, visibleCount: 3, looping: false)
    /// ```
    public init(_ file: DeckFile, visibleCount: Int = Deck.defaultVisibleCount, looping: Bool = false) {
        self.init(name: file.name, cards: file.cards, visibleCount: visibleCount, looping: looping)
    }
}
