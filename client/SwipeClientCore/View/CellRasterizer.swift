import SwipeCore

/// Turns a card shape in layout points into terminal cells. Upright cards get crisp rounded
/// box-drawing borders; tilted or scaled cards get their outline rasterised with braille dots
/// (2 × 4 dots per cell, square in layout points), so a tilt of a few degrees is visible.
///
/// ```swift
/// let g = StackGeometry(size: TermSize(columns: 80, rows: 24))
/// let raster = CellRasterizer(geometry: g).rasterize(frame: StackMotion.frame(forCardAt: 0, visibleCount: 3),
///                                                    transform: CardTransform(rotation: 0.2))
/// raster.covered.count   // cells covered by the card
/// ```
struct CellRasterizer: Sendable {
    let geometry: StackGeometry

    /// Creates a rasterizer for a screen geometry.
    init(geometry: StackGeometry) { self.geometry = geometry }

    /// Rasterises a card frame (layout points) under a transform.
    func rasterize(frame: Rect, transform: CardTransform, withShadow: Bool = false) -> Raster {
        guard transform.isDrawable else { return Raster() }
        let shape = CardShape(frame: frame, transform: transform)
        return shape.isAtRest ? upright(shape, withShadow: withShadow) : tilted(shape, withShadow: withShadow)
    }

    private func upright(_ shape: CardShape, withShadow: Bool) -> Raster {
        let topLeft = geometry.cell(for: shape.layout(Point(x: 0, y: 0)))
        let bottomRight = geometry.cell(for: shape.layout(Point(x: shape.frame.width, y: shape.frame.height)))
        let left = Int(topLeft.column.rounded()), right = Int(bottomRight.column.rounded()) - 1
        let top = Int(topLeft.row.rounded()), bottom = Int(bottomRight.row.rounded()) - 1
        guard right > left, bottom > top else { return Raster() }
        let rows = max(top, -2)...max(max(top, -2), min(bottom, geometry.size.rows + 2))
        let columns = max(left, -2)...max(max(left, -2), min(right, geometry.size.columns + 2))
        var raster = Raster(top: rows.lowerBound, left: columns.lowerBound, rows: rows.count, columns: columns.count,
                            filledWith: Raster.interior)
        func outline(row: Int, column: Int) -> UInt32 {
            switch (row, column) {
            case (top, left): return Self.topLeft
            case (top, right): return Self.topRight
            case (bottom, left): return Self.bottomLeft
            case (bottom, right): return Self.bottomRight
            case (top, _), (bottom, _): return Self.horizontal
            case (_, left), (_, right): return Self.vertical
            default: return Raster.interior
            }
        }
        // Inside is the fill; only the outline's rows and columns (where in the box) get glyphs.
        for row in [top, bottom] where rows.contains(row) {
            for column in columns { raster.setCode(outline(row: row, column: column), row: row, column: column) }
        }
        for column in [left, right] where columns.contains(column) {
            for row in rows { raster.setCode(outline(row: row, column: column), row: row, column: column) }
        }
        if withShadow {
            for row in rows where row > top { raster.shadow.append(CellKey(row: row, column: right + 1)) }
            raster.shadow.append(CellKey(row: bottom + 1, column: right + 1))
            for column in columns where column > left { raster.shadow.append(CellKey(row: bottom + 1, column: column)) }
        }
        return raster
    }

    private func tilted(_ shape: CardShape, withShadow: Bool) -> Raster {
        let corners = shape.corners.map(geometry.cell(for:))
        let minColumn = Int((corners.map(\.column).min() ?? 0).rounded(.down)) - 1
        let maxColumn = Int((corners.map(\.column).max() ?? 0).rounded(.up)) + 1
        let minRow = Int((corners.map(\.row).min() ?? 0).rounded(.down)) - 1
        let maxRow = Int((corners.map(\.row).max() ?? 0).rounded(.up)) + 1
        let rowLow = max(minRow, -1), rowHigh = min(maxRow, geometry.size.rows + 1)
        let columnLow = max(minColumn, -1), columnHigh = min(maxColumn, geometry.size.columns + 1)
        guard rowLow <= rowHigh, columnLow <= columnHigh else { return Raster() }
        var raster = Raster(top: rowLow, left: columnLow, rows: rowHigh - rowLow + 1, columns: columnHigh - columnLow + 1)
        // Inside/outside for every braille dot of the box, with a one-dot margin, computed once.
        let width = (columnHigh - columnLow + 1) * 2 + 2
        let height = (rowHigh - rowLow + 1) * 4 + 2
        let xs = (0..<width).map { geometry.point(column: Double(columnLow) + (Double($0 - 1) + 0.5) / 2, row: 0).x }
        let ys = (0..<height).map { geometry.point(column: 0, row: Double(rowLow) + (Double($0 - 1) + 0.5) / 4).y }
        // Dot gx is bit gx + 1 of its row, so the two dots of a cell (gx odd) share a word.
        let words = (width + 1 + 63) >> 6
        let inside = shape.containsGrid(xs: xs, ys: ys, offset: 1)
        // A dot is on the outline when it is inside and a neighbour (left, right, up, down) is not:
        // computed 64 dots at a time (bit i of `left` is bit i − 1 of the row, of `right` bit i + 1).
        var edge = [UInt64](repeating: 0, count: words * height)
        for gy in 1..<(height - 1) {
            let row = gy * words
            for k in 0..<words {
                let here = inside[row + k]
                let left = here << 1 | (k > 0 ? inside[row + k - 1] >> 63 : 0)
                let right = here >> 1 | (k + 1 < words ? inside[row + k + 1] << 63 : 0)
                edge[row + k] = here & ~(left & right & inside[row - words + k] & inside[row + words + k])
            }
        }
        inside.withUnsafeBufferPointer { inside in
            edge.withUnsafeBufferPointer { edge in
                for row in rowLow...rowHigh {
                    for column in columnLow...columnHigh {
                        let bit = (column - columnLow) * 2 + 2, gy = (row - rowLow) * 4 + 1
                        let word = bit >> 6, shift = UInt64(bit & 63)
                        var dots: UInt32 = 0
                        var count = 0
                        for dy in 0..<4 {
                            let i = (gy + dy) * words + word
                            count += (inside[i] >> shift & 3).nonzeroBitCount
                            // Bit 0 of the pair is the left dot (dx 0), bit 1 the right one (dx 1); Unicode
                            // numbers braille dots down the left column (0x01 0x02 0x04), down the right
                            // (0x08 0x10 0x20), then the bottom row (0x40, 0x80).
                            let pair = UInt32(truncatingIfNeeded: edge[i] >> shift & 3)
                            dots |= dy < 3 ? (pair & 1) << dy | (pair >> 1) << (dy + 3) : pair << 6
                        }
                        if dots != 0 {
                            raster.setCode(Self.brailleBase + dots, row: row, column: column)
                        } else if count == 8 {
                            raster.setCode(Raster.interior, row: row, column: column)
                        } else if withShadow, count == 0 {
                            let key = CellKey(row: row, column: column)
                            let centre = geometry.point(column: Double(column) + 0.5, row: Double(row) + 0.5)
                            let lifted = centre - Point(x: geometry.pointsPerColumn, y: geometry.pointsPerColumn * 2)
                            if shape.contains(lifted) { raster.shadow.append(key) }
                        }
                    }
                }
            }
        }
        return raster
    }

    /// Scalar values of the glyphs an upright outline is drawn with, and of the empty braille cell.
    static let topLeft: UInt32 = 0x256D, topRight: UInt32 = 0x256E, bottomLeft: UInt32 = 0x2570, bottomRight: UInt32 = 0x256F
    static let horizontal: UInt32 = 0x2500, vertical: UInt32 = 0x2502, brailleBase: UInt32 = 0x2800
}

extension CardTransform {
    /// Whether the transform can be drawn: finite, within 100 000 points, scale 0.01…100 (anything
    /// else, e.g. from a misbehaving server, is not drawn rather than trapping on conversion).
    var isDrawable: Bool {
        let values = [translation.x, translation.y, rotation, scale, alpha]
        return values.allSatisfy(\.isFinite) && abs(translation.x) < 100_000 && abs(translation.y) < 100_000
            && abs(rotation) < 1_000 && scale > 0.01 && scale < 100
    }
}
