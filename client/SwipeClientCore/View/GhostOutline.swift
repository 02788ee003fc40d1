import SwipeCore

/// Another member's drag of the card, as a thin dashed outline one cell wide: `┄` along the top
/// and bottom edges, `┆` down the sides, `·` at the corners. A level edge gets one cell per
/// column, an upright one one cell per row, so a tilted ghost reads as a clean dashed frame that
/// steps with the tilt (the braille outline of a moving card, drawn for someone else's drag, read
/// as noise).
///
/// ```swift
/// let g = StackGeometry(size: TermSize(columns: 80, rows: 24))
/// let cells = GhostOutline(geometry: g).cells(frame: StackMotion.frame(forCardAt: 0, visibleCount: 3, layout: .stack),
///                                             transform: CardTransform(translation: Point(x: -60, y: 10), rotation: -0.1))
/// cells.first?.glyph   // "·" (a corner)
/// ```
struct GhostOutline {
    let geometry: StackGeometry

    /// One cell of the outline.
    struct Cell: Hashable {
        var key: CellRasterizer.CellKey
        var glyph: String
    }

    static let horizontal = "┄", vertical = "┆", corner = "·"

    /// The outline's cells, corners first, then the top, right, bottom and left edges (a cell two
    /// edges pass through keeps the first glyph it got). An edge longer than 10 000 cells (a
    /// transform far off screen) is left out.
    func cells(frame: Rect, transform: CardTransform) -> [Cell] {
        guard transform.isDrawable else { return [] }
        let shape = CardShape(frame: frame, transform: transform)
        let w = frame.width, h = frame.height
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map { shape.layout($0) }
        var taken = Set<CellRasterizer.CellKey>()
        var out: [Cell] = []
        func put(_ point: Point, _ glyph: String) {
            let cell = geometry.cell(for: point)
            let key = CellRasterizer.CellKey(row: Int(cell.row.rounded(.down)), column: Int(cell.column.rounded(.down)))
            guard taken.insert(key).inserted else { return }
            out.append(Cell(key: key, glyph: glyph))
        }
        for corner in corners { put(corner, Self.corner) }
        // One cell per column along a mostly level edge (at the column's centre), one per row along
        // a mostly upright one (at the row's centre): a line one cell thick that steps diagonally.
        for (index, start) in corners.enumerated() {
            let end = corners[(index + 1) % corners.count]
            let a = geometry.cell(for: start), b = geometry.cell(for: end)
            let level = abs(b.column - a.column) >= abs(b.row - a.row)
            let (from, to) = level ? (a.column, b.column) : (a.row, b.row)
            let low = Int(min(from, to).rounded(.down)), high = Int(max(from, to).rounded(.down))
            guard high - low < 10_000, to != from else { continue }
            for cell in low...high {
                let t = min(1, max(0, (Double(cell) + 0.5 - from) / (to - from)))
                put(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t), level ? Self.horizontal : Self.vertical)
            }
        }
        return out
    }
}
