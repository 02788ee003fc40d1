/// A whole screen as a value: rows × columns of cells. `view` returns one; the painter diffs two.
///
/// ```swift
/// var frame = Frame(size: TermSize(columns: 10, rows: 2))
/// frame.write("hi 字", row: 0, column: 1)
/// frame.plainText   // " hi 字\n"
/// ```
public struct Frame: Hashable, Sendable {
    public private(set) var size: TermSize
    /// The resting top card's picture, to be shown as pixels over these cells (kitty, sixel).
    public var pixelPicture: PixelPlacement?
    /// The resting top card's picture cells this frame wanted and did not find drawn (the card shows
    /// its glyph): the shell hands it to `update` as `.frameWantsPictureCells`, whose
    /// `.drawPictureCells` has them drawn off the main thread.
    public var pictureCellsWanted: PictureCellsRequest?
    public private(set) var cells: [Cell]

    /// A blank frame.
    ///
    /// ```swift
    /// let frame = Frame(size: TermSize(columns: 80, rows: 24))
    /// ```
    public init(size: TermSize, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.columns * size.rows)
    }

    /// The cell at a position (a blank outside the frame).
    public subscript(row: Int, column: Int) -> Cell {
        guard contains(row: row, column: column) else { return .blank }
        return cells[row * size.columns + column]
    }

    /// Whether a position lies inside.
    ///
    /// ```swift
    /// frame.contains(row: 24, column: 0)   // false on an 80×24 frame
    /// ```
    public func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < size.rows && column >= 0 && column < size.columns
    }

    /// Puts one grapheme at a position, keeping wide graphemes whole: a wide one takes the next
    /// cell as its continuation, and a wide one it partly covers is blanked. Returns the width used.
    ///
    /// ```swift
    /// frame.put("字", row: 0, column: 0)   // 2
    /// ```
    @discardableResult
    public mutating func put(_ grapheme: Character, row: Int, column: Int, style: CellStyle = .plain) -> Int {
        put(cluster: String(grapheme), row: row, column: column, style: style)
    }

    /// `put` for one grapheme cluster as `Graphemes.clusters` cuts text (the terminal's clusters).
    @discardableResult
    mutating func put(cluster: String, row: Int, column: Int, style: CellStyle = .plain) -> Int {
        let width = Self.width(cluster)
        guard width > 0 else { return 0 }
        guard contains(row: row, column: column), column + width <= size.columns else { return width }
        clearWide(row: row, column: column)
        if width == 2 { clearWide(row: row, column: column + 1) }
        cells[row * size.columns + column] = Cell(grapheme: cluster, style: style)
        if width == 2 { cells[row * size.columns + column + 1] = Cell(grapheme: "", style: style, isContinuation: true) }
        return width
    }

    /// Puts a grapheme the caller knows is one column wide (a space, box drawing, braille): what
    /// `put` does for such a grapheme, without looking its width up.
    ///
    /// ```swift
    /// frame.putNarrow("─", row: 0, column: 0, style: .plain)
    /// ```
    @inline(__always)
    mutating func putNarrow(_ grapheme: String, row: Int, column: Int, style: CellStyle) {
        guard contains(row: row, column: column) else { return }
        clearWide(row: row, column: column)
        cells[row * size.columns + column] = Cell(grapheme: grapheme, style: style)
    }

    /// Sets the style of a cell without changing its text.
    ///
    /// ```swift
    /// frame.restyle(row: 0, column: 0) { $0.bold = true }
    /// ```
    public mutating func restyle(row: Int, column: Int, _ change: (inout CellStyle) -> Void) {
        guard contains(row: row, column: column) else { return }
        change(&cells[row * size.columns + column].style)
    }

    /// Writes text (already clean) from a position, clipped to `maxColumn` (exclusive). Returns the columns used.
    ///
    /// ```swift
    /// frame.write("Amélie", row: 1, column: 2, maxColumn: 6)   // 4
    /// ```
    @discardableResult
    public mutating func write(_ text: String, row: Int, column: Int, style: CellStyle = .plain, maxColumn: Int? = nil) -> Int {
        let limit = min(maxColumn ?? size.columns, size.columns)
        var x = column
        for cluster in Self.clusters(text) {
            let w = Self.width(cluster)
            if w == 0 {
                appendCombining(cluster, row: row, column: x - 1)
                continue
            }
            if x + w > limit { break }
            if x >= 0 { put(cluster: cluster, row: row, column: x, style: style) }
            x += w
        }
        return x - column
    }

    /// Fills a rectangle of cells with one grapheme and style.
    ///
    /// ```swift
    /// frame.fill(row: 0, column: 0, rows: 1, columns: 80, style: CellStyle(reverse: true))
    /// ```
    public mutating func fill(row: Int, column: Int, rows: Int, columns: Int, with grapheme: Character = " ",
                              style: CellStyle = .plain) {
        let narrow = Self.width(grapheme) == 1
        let text = String(grapheme)
        for y in row..<(row + max(0, rows)) {
            if narrow {
                let xs = (column..<(column + max(0, columns))).clamped(to: 0..<size.columns)
                for x in xs { putNarrow(text, row: y, column: x, style: style) }
            } else {
                for x in column..<(column + max(0, columns)) { put(grapheme, row: y, column: x, style: style) }
            }
        }
    }

    /// One line per row, trailing spaces removed: the form golden frames are stored in.
    ///
    /// ```swift
    /// Frame(size: TermSize(columns: 3, rows: 1)).plainText   // "\n"
    /// ```
    public var plainText: String {
        var out = ""
        for row in 0..<size.rows {
            var line = ""
            for column in 0..<size.columns {
                let cell = self[row, column]
                if !cell.isContinuation { line += cell.grapheme }
            }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    private mutating func clearWide(row: Int, column: Int) {
        let index = row * size.columns + column
        if cells[index].isContinuation, column > 0 {
            cells[index - 1] = Cell(grapheme: " ", style: cells[index - 1].style)
        } else if column + 1 < size.columns, cells[index + 1].isContinuation {
            cells[index + 1] = Cell(grapheme: " ", style: cells[index + 1].style)
        }
    }

    /// Width with a fast path for the characters the view draws most: printable ASCII, box
    /// drawing, block elements and braille are all one column.
    static func width(_ ch: Character) -> Int { width(String(ch)) }

    /// The terminal's clusters of `text` (plain ASCII without CR: one per byte, no lookup).
    static func clusters(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return text.map(String.init) }
        return Graphemes.clusters(text)
    }

    static func width(_ ch: String) -> Int {
        // Looks at the UTF-8 bytes only: one printable ASCII byte, or the three bytes of one
        // scalar in U+2500…U+259F (E2 94 80…E2 96 9F) or U+2800…U+28FF (E2 A0 80…E2 A3 BF).
        let utf8 = ch.utf8
        switch utf8.count {
        case 1:
            if let b = utf8.first, b >= 0x20, b < 0x7F { return 1 }
        case 3:
            var bytes = utf8.makeIterator()
            if bytes.next() == 0xE2, let second = bytes.next(), let third = bytes.next() {
                if (0x94...0x95).contains(second) || (second == 0x96 && third <= 0x9F) || (0xA0...0xA3).contains(second) { return 1 }
            }
        default:
            break
        }
        return Graphemes.width(of: ch)
    }

    private mutating func appendCombining(_ ch: String, row: Int, column: Int) {
        var x = column
        if contains(row: row, column: x), cells[row * size.columns + x].isContinuation { x -= 1 }
        guard contains(row: row, column: x) else { return }
        let index = row * size.columns + x
        guard cells[index].grapheme != " " else { return }
        cells[index].grapheme += ch
    }
}
