/// A picture drawn as terminal cells, a grid `columns` × `rows` (row by row), for one card's
/// picture area at one size and colour depth. Made by ``ChafaSymbols``.
///
/// ```swift
/// let cells = PictureCells(columns: 2, rows: 1, cells: [Cell(grapheme: "▀"), Cell(grapheme: " ")])
/// cells[0, 1].grapheme   // " "
/// ```
public struct PictureCells: Hashable, Sendable {
    public var columns: Int
    public var rows: Int
    public var cells: [Cell]

    /// Creates a grid; `cells.count` must be `columns * rows`.
    public init(columns: Int, rows: Int, cells: [Cell]) {
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    /// The cell at `row`, `column` (both inside the grid).
    public subscript(row: Int, column: Int) -> Cell { cells[row * columns + column] }
}

/// What the client has of each card picture, by ETag: asked for, arrived (decoded, at most
/// ``PictureLoad/maxSide`` pixels a side), or failed (the card keeps its glyph); and the cells
/// drawn for the sizes frames asked for.
///
/// ```swift
/// var shelf = PictureShelf()
/// shelf.states["p-1"] = .failed
/// ```
public struct PictureShelf: Hashable, Sendable {
    public enum State: Hashable, Sendable {
        case requested
        case arrived(DecodedPictureRef)
        case failed
    }

    public var states: [String: State] = [:]
    /// Cells drawn for pictures at the sizes frames asked for, the newest ``maxDrawn``.
    public private(set) var drawn = BoundedCache<PictureCellsRequest, PictureCells>(capacity: maxDrawn)
    /// Enough for the cards in view at a few sizes (a resize asks for new ones).
    public static let maxDrawn = 12

    public init() {}

    /// Keeps cells drawn for a request (the oldest go past ``maxDrawn``).
    ///
    /// ```swift
    /// shelf.keep(cells, for: request)
    /// shelf.drawn[request]   // cells
    /// ```
    public mutating func keep(_ cells: PictureCells, for request: PictureCellsRequest) {
        drawn.insert(cells, for: request)
    }

    /// The decoded picture for a tag, when it has arrived.
    public func picture(_ etag: String?) -> DecodedPictureRef? {
        guard let etag, case let .arrived(picture)? = states[etag] else { return nil }
        return picture
    }
}
