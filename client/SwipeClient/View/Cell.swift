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
    public var foreground: TermColor?
    public var background: TermColor?
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    /// Creates a style; everything defaults to the terminal's own.
    ///
    /// ```swift
    /// let s = CellStyle(foreground: .indexed(203), bold: true)
    /// ```
    public init(foreground: TermColor? = nil, background: TermColor? = nil, bold: Bool = false, dim: Bool = false,
                reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// The terminal's default look.
    public static let plain = CellStyle()

    /// True when nothing differs from the default look.
    ///
    /// ```swift
    /// CellStyle(bold: true).isPlain   // false
    /// ```
    public var isPlain: Bool { self == .plain }
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
    public var style: CellStyle
    /// True for the right half of a wide grapheme.
    public var isContinuation: Bool

    /// Creates a cell.
    ///
    /// ```swift
    /// let c = Cell(grapheme: "A", style: CellStyle(reverse: true))
    /// ```
    public init(grapheme: String, style: CellStyle = .plain, isContinuation: Bool = false) {
        self.grapheme = grapheme
        self.style = style
        self.isContinuation = isContinuation
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
