extension CellRasterizer {
    /// What covers one cell.
    enum Coverage: Hashable, Sendable {
        /// Inside the card: text may be drawn here.
        case interior
        /// On the outline: draw this glyph (a box-drawing or braille character).
        case border(Character)
    }

    /// A cell position.
    struct CellKey: Hashable, Sendable {
        var row: Int
        var column: Int
    }

    /// A rasterised card: a box of cells (top-left `top`, `left`; `rows` × `columns`) with one
    /// coverage code per cell, row by row, so a cell's coverage is an index away and the covered
    /// cells come out in screen order.
    ///
    /// ```swift
    /// var raster = CellRasterizer.Raster(top: 2, left: 3, rows: 1, columns: 2)
    /// raster.set(.interior, row: 2, column: 4)
    /// raster[CellRasterizer.CellKey(row: 2, column: 4)]   // .interior
    /// raster.covered.count                               // 1
    /// ```
    struct Raster: Sendable {
        /// The box: first row and column, and its size in cells.
        private(set) var top = 0
        private(set) var left = 0
        private(set) var rows = 0
        private(set) var columns = 0
        /// Per cell of the box, row by row: `Self.none`, `Self.interior`, or a border glyph's scalar value.
        private(set) var codes: [UInt32] = []
        /// Cells of the drop shadow (outside the card).
        var shadow: [CellKey] = []

        /// Code of a cell the card does not cover.
        static let none: UInt32 = 0
        /// Code of a cell inside the card.
        static let interior: UInt32 = 1

        /// An empty raster (covers nothing).
        init() {}

        /// A raster of a box with every cell set to `code` (nothing covered yet by default).
        init(top: Int, left: Int, rows: Int, columns: Int, filledWith code: UInt32 = Self.none) {
            self.top = top
            self.left = left
            self.rows = max(0, rows)
            self.columns = max(0, columns)
            codes = Array(repeating: code, count: self.rows * self.columns)
        }

        /// The rows and columns of the box.
        var rowRange: Range<Int> { top..<(top + rows) }
        var columnRange: Range<Int> { left..<(left + columns) }

        /// The index of a cell in `codes`, nil outside the box.
        @inline(__always)
        func index(row: Int, column: Int) -> Int? {
            let r = row - top, c = column - left
            guard r >= 0, r < rows, c >= 0, c < columns else { return nil }
            return r * columns + c
        }

        /// The coverage code of a cell (`Self.none` outside the box).
        @inline(__always)
        func code(row: Int, column: Int) -> UInt32 {
            guard let i = index(row: row, column: column) else { return Self.none }
            return codes[i]
        }

        /// Whether the card covers a cell at all.
        func covers(_ key: CellKey) -> Bool { code(row: key.row, column: key.column) != Self.none }

        /// Whether a cell is inside the card (text may go there).
        @inline(__always)
        func isInterior(row: Int, column: Int) -> Bool { code(row: row, column: column) == Self.interior }

        /// What covers a cell, nil when the card does not.
        subscript(key: CellKey) -> Coverage? { Self.coverage(code(row: key.row, column: key.column)) }

        /// Records what covers a cell of the box (ignored outside it).
        mutating func set(_ coverage: Coverage, row: Int, column: Int) {
            switch coverage {
            case .interior: setCode(Self.interior, row: row, column: column)
            case let .border(glyph): setCode(glyph.unicodeScalars.first?.value ?? Self.none, row: row, column: column)
            }
        }

        @inline(__always)
        mutating func setCode(_ code: UInt32, row: Int, column: Int) {
            guard let i = index(row: row, column: column) else { return }
            codes[i] = code
        }

        /// Every covered cell with its coverage, row by row.
        var covered: [(key: CellKey, coverage: Coverage)] {
            var out: [(key: CellKey, coverage: Coverage)] = []
            for row in rowRange {
                for column in columnRange {
                    if let coverage = Self.coverage(code(row: row, column: column)) {
                        out.append((CellKey(row: row, column: column), coverage))
                    }
                }
            }
            return out
        }

        /// The text of a border code's glyph (braille glyphs come from a table, made once).
        static func glyph(_ code: UInt32) -> String {
            if code >= CellRasterizer.brailleBase, code < CellRasterizer.brailleBase + 0x100 {
                return brailleGlyphs[Int(code - CellRasterizer.brailleBase)]
            }
            return Unicode.Scalar(code).map { String(Character($0)) } ?? " "
        }

        private static let brailleGlyphs: [String] = (0..<0x100).map { dots in
            Unicode.Scalar(CellRasterizer.brailleBase + UInt32(dots)).map { String(Character($0)) } ?? " "
        }

        /// The coverage a code stands for.
        static func coverage(_ code: UInt32) -> Coverage? {
            switch code {
            case none: return nil
            case interior: return .interior
            default: return Unicode.Scalar(code).map { .border(Character($0)) }
            }
        }
    }
}
