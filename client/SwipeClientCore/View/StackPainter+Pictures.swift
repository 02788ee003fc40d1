import SwipeCore

/// A card's picture in its image area: chafa's cells (kept between frames), centred, read through
/// the card's own rows and columns so it leans and moves with the card like its text.
struct PlacedPicture {
    var cells: PictureCells
    /// The card-local column and row of the picture's first cell.
    var left: Int
    var top: Int

    /// The picture cell under a card-local point (points), or nil outside the picture.
    func cell(at local: Point, pointsPerColumn s: Double) -> Cell? {
        let column = Int((local.x / s).rounded(.down)) - left
        let row = Int((local.y / (2 * s)).rounded(.down)) - top
        guard (0..<cells.columns).contains(column), (0..<cells.rows).contains(row) else { return nil }
        return cells[row, column]
    }
}

extension StackPainter {
    /// The picture to draw on `card`, once it has arrived and its cells are drawn at this size (nil:
    /// the glyph stays). Cells not drawn yet are named in `wanted` for the shell to have drawn.
    func pictureCells(for card: Card, metrics: ContentMetrics, wanted: inout PictureCellsRequest?) -> PlacedPicture? {
        guard let picture = pictures.picture(card.picture?.etag), metrics.imageRows > 0, metrics.columns > 4 else { return nil }
        let columns = metrics.columns - 4, rows = metrics.imageRows
        let request = PictureCellsRequest(etag: picture.etag, columns: columns, rows: rows, colours: pictureColours)
        guard let cells = pictures.drawn[request] else {
            wanted = request
            return nil
        }
        guard cells.columns > 0 else { return nil }
        return PlacedPicture(cells: cells, left: 2 + (columns - cells.columns) / 2, top: 1 + (rows - cells.rows) / 2)
    }

    /// Where a resting card's picture is on the screen.
    func pixelPlacement(_ picture: PlacedPicture, etag: String, shape: CardShape) -> PixelPlacement {
        let s = geometry.pointsPerColumn
        let corner = geometry.cell(for: shape.layout(Point(x: (Double(picture.left) + 0.5) * s, y: (Double(picture.top) + 0.5) * 2 * s)))
        return PixelPlacement(etag: etag, row: Int(corner.row.rounded(.down)), column: Int(corner.column.rounded(.down)),
                              columns: picture.cells.columns, rows: picture.cells.rows)
    }
}
