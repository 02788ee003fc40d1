/// A card's identity within its deck: a short, stable string (from the deck file, or generated).
///
/// ```swift
/// let id: CardID = "dune-2021"
/// id.rawValue   // "dune-2021"
/// ```
public struct CardID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible, Comparable {
    public var rawValue: String

    /// Creates an id from its text.
    ///
    /// ```swift
    /// let id = CardID("c1")
    /// ```
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates an id from a string literal.
    ///
    /// ```swift
    /// let id: CardID = "c1"
    /// ```
    public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: CardID, rhs: CardID) -> Bool { lhs.rawValue < rhs.rawValue }
}
