import SwipeCore

/// Where things go on a screen of a given size: header, footer, sidebar, and the card area,
/// with the mapping between layout points (container 300 × 400) and cells. Cells are about
/// twice as tall as wide, so one row spans twice the points of one column.
///
/// ```swift
/// let g = StackGeometry(size: TermSize(columns: 80, rows: 24))
/// g.cell(for: Point(x: 150, y: 200))   // the container centre, in cell coordinates
/// ```
struct StackGeometry: Hashable, Sendable {
    let size: TermSize
    /// Columns of the sidebar on the right.
    let sidebarWidth: Int
    /// The card area: columns `0..<stackColumns`, rows `1..<size.rows - 2` (the row above the footer is the status line).
    let stackColumns: Int
    /// Layout points per column (a row holds twice as many).
    let pointsPerColumn: Double
    /// The container's top-left corner in cell coordinates.
    let originColumn: Double
    let originRow: Double

    /// Computes the geometry for a screen size.
    init(size: TermSize) {
        self.size = size
        sidebarWidth = size.columns >= 100 ? 30 : 24
        stackColumns = max(1, size.columns - sidebarWidth)
        let usableRows = Double(max(4, size.rows - 5))
        let byHeight = Size.sourceContainer.height / (2 * usableRows)
        let byWidth = Size.sourceContainer.width / Double(max(4, stackColumns - 6))
        pointsPerColumn = max(byHeight, byWidth)
        let containerColumns = Size.sourceContainer.width / pointsPerColumn
        originColumn = (Double(stackColumns) - containerColumns) / 2
        originRow = 2
    }

    /// Layout point → fractional cell coordinates (column, row).
    func cell(for point: Point) -> (column: Double, row: Double) {
        (originColumn + point.x / pointsPerColumn, originRow + point.y / (2 * pointsPerColumn))
    }

    /// Fractional cell coordinates → layout point.
    func point(column: Double, row: Double) -> Point {
        Point(x: (column - originColumn) * pointsPerColumn, y: (row - originRow) * 2 * pointsPerColumn)
    }

    /// A drag of whole cells as a translation in layout points.
    func translation(columns: Int, rows: Int) -> Point {
        Point(x: Double(columns) * pointsPerColumn, y: Double(rows) * 2 * pointsPerColumn)
    }

    /// The rows cards may be drawn in (between header and footer).
    var stackRows: Range<Int> { 1..<max(1, size.rows - 2) }
}
