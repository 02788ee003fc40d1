import SwipeCore

/// A terminal colour: one of the 256 palette entries, or 24-bit (mapped to the palette when drawn).
///
/// ```swift
/// let accent = TermColor.indexed(205)
/// let fromCard = TermColor.rgb(RGBColor(red: 51, green: 102, blue: 255))
/// TermColor.rgb(RGBColor(red: 255, green: 0, blue: 0)).paletteIndex   // 196
/// ```
public enum TermColor: Hashable, Sendable {
    case indexed(UInt8)
    case rgb(RGBColor)

    /// The nearest xterm-256 palette index.
    ///
    /// ```swift
    /// TermColor.indexed(46).paletteIndex   // 46
    /// ```
    public var paletteIndex: Int {
        switch self {
        case let .indexed(i): return Int(i)
        case let .rgb(c):
            func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : Int((Double(v) - 35) / 40).clamped(0, 5) }
            return 16 + 36 * level(c.red) + 6 * level(c.green) + level(c.blue)
        }
    }
}

/// How a cell is drawn: colours and attributes.
///
/// ```swift
/// let title = CellStyle(foreground: .indexed(231), bold: true)
/// CellStyle.plain.isPlain   // true
/// ```
public struct CellStyle: Hashable, Sendable {
    /// Everything in one word (so frames compare and copy fast, and equal styles are equal bytes):
    /// foreground in bits 0–25, background in bits 26–51 (see `code(_:)`), then bold, dim,
    /// reverse and underline in bits 52–55. Bits 56–63 stay zero.
    private(set) var bits: UInt64

    /// Creates a style; everything defaults to the terminal's own.
    ///
    /// ```swift
    /// let s = CellStyle(foreground: .indexed(203), bold: true)
    /// ```
    public init(foreground: TermColor? = nil, background: TermColor? = nil, bold: Bool = false, dim: Bool = false,
                reverse: Bool = false, underline: Bool = false) {
        bits = Self.code(foreground) | Self.code(background) << Self.backgroundShift
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    init(bits: UInt64) { self.bits = bits & Self.allBits }

    public var foreground: TermColor? {
        get { Self.color(bits & Self.colorMask) }
        set { bits = bits & ~Self.colorMask | Self.code(newValue) }
    }

    public var background: TermColor? {
        get { Self.color(bits >> Self.backgroundShift & Self.colorMask) }
        set { bits = bits & ~(Self.colorMask << Self.backgroundShift) | Self.code(newValue) << Self.backgroundShift }
    }

    public var bold: Bool {
        get { flag(52) }
        set { setFlag(52, newValue) }
    }

    public var dim: Bool {
        get { flag(53) }
        set { setFlag(53, newValue) }
    }

    public var reverse: Bool {
        get { flag(54) }
        set { setFlag(54, newValue) }
    }

    public var underline: Bool {
        get { flag(55) }
        set { setFlag(55, newValue) }
    }

    /// The terminal's default look.
    public static let plain = CellStyle()

    /// True when nothing differs from the default look.
    ///
    /// ```swift
    /// CellStyle(bold: true).isPlain   // false
    /// ```
    public var isPlain: Bool { self == .plain }

    static let allBits: UInt64 = 1 << 56 - 1
    private static let colorMask: UInt64 = 1 << 26 - 1
    private static let backgroundShift: UInt64 = 26

    private func flag(_ bit: UInt64) -> Bool { bits >> bit & 1 == 1 }

    private mutating func setFlag(_ bit: UInt64, _ on: Bool) {
        bits = on ? bits | 1 << bit : bits & ~(1 << bit)
    }

    /// A colour as 26 bits: 0 none, 1 << 24 | index for a palette entry, 2 << 24 | 0xRRGGBB for 24-bit.
    private static func code(_ color: TermColor?) -> UInt64 {
        switch color {
        case nil: return 0
        case let .indexed(index)?: return 1 << 24 | UInt64(index)
        case let .rgb(c)?: return 2 << 24 | UInt64(c.red) << 16 | UInt64(c.green) << 8 | UInt64(c.blue)
        }
    }

    private static func color(_ code: UInt64) -> TermColor? {
        switch code >> 24 {
        case 1: return .indexed(UInt8(truncatingIfNeeded: code))
        case 2: return .rgb(RGBColor(red: UInt8(truncatingIfNeeded: code >> 16), green: UInt8(truncatingIfNeeded: code >> 8),
                                     blue: UInt8(truncatingIfNeeded: code)))
        default: return nil
        }
    }
}

/// One terminal cell: a grapheme (possibly with combining marks) and its style. A wide grapheme
/// occupies two cells: itself, then a continuation cell that draws nothing.
///
/// ```swift
/// let blank = Cell.blank
/// let wide = Cell(grapheme: "字", style: .plain)   // wide.width == 2
/// ```
public struct Cell: Hashable, Sendable {
    /// The text drawn here ("" in a continuation cell).
    public var grapheme: String
    /// The style's bits, and bit 63 for a continuation: one word with no padding, so a row of
    /// cells that are equal is (almost always) equal bytes too, which `FrameDiff` checks first.
    private var packed: UInt64

    private static let continuationBit: UInt64 = 1 << 63

    public var style: CellStyle {
        get { CellStyle(bits: packed) }
        set { packed = packed & Self.continuationBit | newValue.bits }
    }

    /// True for the right half of a wide grapheme.
    public var isContinuation: Bool {
        get { packed & Self.continuationBit != 0 }
        set { packed = newValue ? packed | Self.continuationBit : packed & ~Self.continuationBit }
    }

    /// Creates a cell.
    ///
    /// ```swift
    /// let c = Cell(grapheme: "A", style: CellStyle(reverse: true))
    /// ```
    public init(grapheme: String, style: CellStyle = .plain, isContinuation: Bool = false) {
        self.grapheme = grapheme
        packed = style.bits | (isContinuation ? Self.continuationBit : 0)
    }

    /// A space in the default style.
    public static let blank = Cell(grapheme: " ")

    /// Columns this cell's grapheme takes (0 for a continuation).
    ///
    /// ```swift
    /// Cell(grapheme: "字").width   // 2
    /// ```
    public var width: Int { isContinuation ? 0 : max(1, TextMetrics.width(grapheme)) }
}

extension Int {
    func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(hi, Swift.max(lo, self)) }
}

extension Double {
    func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(hi, Swift.max(lo, self)) }
}
