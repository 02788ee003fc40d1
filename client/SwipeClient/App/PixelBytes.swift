// Shell: the one process-wide cache of pixel pictures. `prepare` runs on the picture thread (chafa
// draws there), `kept` on the main thread; both touch only the locked cache (`KeptByKey`).
import SwipeClientCore
import SwipePictures

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
