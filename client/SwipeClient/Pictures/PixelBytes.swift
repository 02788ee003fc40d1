import SwipePictures

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
    public var kind: ChafaGraphics.Kind

    public init(etag: String, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, kind: ChafaGraphics.Kind) {
        self.etag = etag
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.kind = kind
    }
}

/// Kitty and sixel bytes for resting pictures, drawn with chafa off the main thread (a sixel takes
/// 10–16 ms to encode) and kept for the main thread to write: the last 8.
///
/// ```swift
/// PixelBytes.prepare(request, picture: decoded)   // the picture thread
/// PixelBytes.kept(request)                        // the main thread: the bytes, once drawn
/// ```
public enum PixelBytes {
    private static let kept = KeptByKey<PixelBytesRequest, [UInt8]>(capacity: 8)

    /// The bytes for a request, if they were drawn already (never runs chafa).
    public static func kept(_ request: PixelBytesRequest) -> [UInt8]? { kept.lookup(request) }

    /// Draws the bytes with chafa and keeps them (empty when nothing fits: kept too, not asked again).
    public static func prepare(_ request: PixelBytesRequest, picture: DecodedPicture) {
        _ = kept.value(for: request) {
            ChafaGraphics.render(picture, columns: request.columns, rows: request.rows,
                                 cell: (request.cellWidth, request.cellHeight), kind: request.kind)
        }
    }
}
