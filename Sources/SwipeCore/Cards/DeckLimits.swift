/// Upper bounds a deck file must respect; longer text is an error, not silently cut. Lengths
/// count characters (grapheme clusters) after sanitising.
///
/// ```swift
/// var limits = DeckLimits.standard
/// limits.maxCards = 50
/// let file = try DeckLoader.parse(bytes, fileName: "movies.csv", limits: limits)
/// ```
public struct DeckLimits: Hashable, Sendable, Codable {
    /// Most cards in one deck (default 1000).
    public var maxCards: Int
    /// Longest card id (default 64).
    public var maxIDLength: Int
    /// Longest card title (default 200).
    public var maxTitleLength: Int
    /// Longest card body (default 2000).
    public var maxBodyLength: Int
    /// Most tags on one card (default 20).
    public var maxTags: Int
    /// Longest tag (default 40).
    public var maxTagLength: Int
    /// Most lines of glyph art (default 24).
    public var maxArtLines: Int
    /// Longest line of glyph art (default 80).
    public var maxArtLineLength: Int
    /// Longest deck name or deck title (default 100).
    public var maxNameLength: Int

    /// Creates limits; every parameter defaults to the ``standard`` value.
    ///
    /// ```swift
    /// let strict = DeckLimits(maxCards: 10, maxBodyLength: 200)
    /// ```
    public init(maxCards: Int = 1000, maxIDLength: Int = 64, maxTitleLength: Int = 200,
                maxBodyLength: Int = 2000, maxTags: Int = 20, maxTagLength: Int = 40,
                maxArtLines: Int = 24, maxArtLineLength: Int = 80, maxNameLength: Int = 100) {
        self.maxCards = maxCards
        self.maxIDLength = maxIDLength
        self.maxTitleLength = maxTitleLength
        self.maxBodyLength = maxBodyLength
        self.maxTags = maxTags
        self.maxTagLength = maxTagLength
        self.maxArtLines = maxArtLines
        self.maxArtLineLength = maxArtLineLength
        self.maxNameLength = maxNameLength
    }

    /// The defaults.
    ///
    /// ```swift
    /// DeckLimits.standard.maxCards   // 1000
    /// ```
    public static let standard = DeckLimits()
}
