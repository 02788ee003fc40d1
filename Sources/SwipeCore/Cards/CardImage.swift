/// The picture of a card, in a form a terminal can draw: an optional emoji or symbol, optional
/// lines of glyph art, and an optional accent colour (`#RRGGBB`).
///
/// ```swift
/// let image = CardImage(glyph: "🎬", art: ["/\\_/\\", "( o.o )"], color: RGBColor(hex: "#3366ff"))
/// ```
public struct CardImage: Hashable, Sendable, Codable {
    public var glyph: String?
    public var art: [String]
    public var color: RGBColor?

    /// Creates an image; all parts are optional.
    ///
    /// ```swift
    /// let plain = CardImage()
    /// ```
    public init(glyph: String? = nil, art: [String] = [], color: RGBColor? = nil) {
        self.glyph = glyph
        self.art = art
        self.color = color
    }

    /// True when there is nothing to draw.
    ///
    /// ```swift
    /// CardImage().isEmpty   // true
    /// ```
    public var isEmpty: Bool { glyph == nil && art.isEmpty && color == nil }

    private enum CodingKeys: String, CodingKey { case glyph, art, color }

    /// Decodes an image; every key may be absent (`{}` is the empty image).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        glyph = try c.decodeIfPresent(String.self, forKey: .glyph)
        art = try c.decodeIfPresent([String].self, forKey: .art) ?? []
        color = try c.decodeIfPresent(RGBColor.self, forKey: .color)
    }

    /// Encodes an image, leaving out absent parts.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(glyph, forKey: .glyph)
        if !art.isEmpty { try c.encode(art, forKey: .art) }
        try c.encodeIfPresent(color, forKey: .color)
    }
}

/// A 24-bit colour. Encoded in JSON as `"#RRGGBB"`.
///
/// ```swift
/// RGBColor(hex: "#ff8000")   // RGBColor(red: 255, green: 128, blue: 0)
/// RGBColor(hex: "orange")    // nil
/// ```
public struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    /// Creates a colour from its channels.
    ///
    /// ```swift
    /// let teal = RGBColor(red: 0, green: 128, blue: 128)
    /// ```
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#RRGGBB` or `RRGGBB` (case-insensitive); nil for anything else.
    ///
    /// ```swift
    /// RGBColor(hex: "#FFFFFF")?.red   // 255
    /// ```
    public init?(hex: String) {
        var text = Substring(hex)
        if text.first == "#" { text = text.dropFirst() }
        guard text.count == 6, text.allSatisfy(\.isHexDigit), let value = UInt32(text, radix: 16) else { return nil }
        self.init(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`.
    public var description: String {
        func hex2(_ v: UInt8) -> String {
            let s = String(v, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + hex2(red) + hex2(green) + hex2(blue)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = RGBColor(hex: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected a colour like \"#ff8000\", got \"\(text)\""))
        }
        self = color
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
