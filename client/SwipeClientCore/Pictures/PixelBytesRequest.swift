/// What a kitty or sixel picture is drawn from: which picture, fitted into how many cells of how
/// many pixels, for which protocol.
///
/// ```swift
/// let request = PixelBytesRequest(etag: "p-1", columns: 27, rows: 9, cellWidth: 9, cellHeight: 19, kind: .sixel)
/// ```
public struct PixelBytesRequest: Hashable, Sendable {
    public var etag: String
    public var columns: Int
    public var rows: Int
    public var cellWidth: Int
    public var cellHeight: Int
    public var kind: PixelGraphicsKind

    public init(etag: String, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, kind: PixelGraphicsKind) {
        self.etag = etag
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.kind = kind
    }
}
