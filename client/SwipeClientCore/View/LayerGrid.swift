/// Which cards cover each cell, for occlusion: the front-most and back-most layer (draw order,
/// 0 = drawn first) on every cell of the screen plus a small margin. Dense arrays, so the view
/// answers "is this cell under a card in front?" in O(1) per cell.
///
/// ```swift
/// var grid = LayerGrid(size: TermSize(columns: 80, rows: 24))
/// grid.add(CellRasterizer.CellKey(row: 3, column: 4), layer: 1)
/// grid.isCovered(CellRasterizer.CellKey(row: 3, column: 4), inFrontOf: 0)   // true
/// ```
struct LayerGrid {
    static let margin = 3
    let columns: Int
    let rows: Int
    private var front: [Int16]
    private var back: [Int16]

    init(size: TermSize) {
        columns = size.columns + 2 * Self.margin
        rows = size.rows + 2 * Self.margin
        front = Array(repeating: -1, count: columns * rows)
        back = Array(repeating: Int16.max, count: columns * rows)
    }

    private func index(_ key: CellRasterizer.CellKey) -> Int? {
        let column = key.column + Self.margin, row = key.row + Self.margin
        guard column >= 0, column < columns, row >= 0, row < rows else { return nil }
        return row * columns + column
    }

    /// Records that layer `layer` covers a cell.
    mutating func add(_ key: CellRasterizer.CellKey, layer: Int) {
        guard let i = index(key) else { return }
        let l = Int16(clamping: layer)
        if l > front[i] { front[i] = l }
        if l < back[i] { back[i] = l }
    }

    /// Records that layer `layer` covers every cell its raster covers.
    mutating func add(_ raster: CellRasterizer.Raster, layer: Int) {
        let l = Int16(clamping: layer)
        let gridColumns = -Self.margin..<(columns - Self.margin)
        let rowSpan = raster.rowRange.clamped(to: -Self.margin..<(rows - Self.margin))
        let columnSpan = raster.columnRange.clamped(to: gridColumns)
        guard !columnSpan.isEmpty else { return }
        let columns = columns
        raster.codes.withUnsafeBufferPointer { codes in
            front.withUnsafeMutableBufferPointer { front in
                back.withUnsafeMutableBufferPointer { back in
                    for row in rowSpan {
                        let base = (row + Self.margin) * columns + Self.margin
                        let rasterBase = (row - raster.top) * raster.columns - raster.left
                        for column in columnSpan where codes[rasterBase + column] != CellRasterizer.Raster.none {
                            let i = base + column
                            if l > front[i] { front[i] = l }
                            if l < back[i] { back[i] = l }
                        }
                    }
                }
            }
        }
    }

    /// Whether a layer drawn after `layer` covers the cell at (row, column).
    @inline(__always)
    func isCovered(row: Int, column: Int, inFrontOf layer: Int) -> Bool {
        let c = column + Self.margin, r = row + Self.margin
        guard c >= 0, c < columns, r >= 0, r < rows else { return false }
        return Int(front[r * columns + c]) > layer
    }

    /// Whether a layer drawn after `layer` covers the cell.
    func isCovered(_ key: CellRasterizer.CellKey, inFrontOf layer: Int) -> Bool {
        guard let i = index(key) else { return false }
        return Int(front[i]) > layer
    }

    /// Whether a layer drawn before `layer` covers the cell.
    func isCovered(_ key: CellRasterizer.CellKey, behind layer: Int) -> Bool {
        guard let i = index(key) else { return false }
        return Int(back[i]) < layer
    }

    /// Whether any layer covers the cell.
    func isCovered(_ key: CellRasterizer.CellKey) -> Bool {
        guard let i = index(key) else { return false }
        return front[i] >= 0
    }
}
