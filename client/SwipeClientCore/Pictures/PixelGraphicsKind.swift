/// Which terminal graphics protocol draws a resting card's picture as pixels: kitty's graphics
/// protocol or sixels (`--pictures kitty|sixel`). A value of the core; the shell's chafa drawing
/// (`ChafaGraphics`) turns it into chafa's pixel mode.
///
/// ```swift
/// let request = PixelBytesRequest(etag: "p-1", columns: 27, rows: 9, cellWidth: 9, cellHeight: 19, kind: .kitty)
/// request.kind == PixelGraphicsKind.kitty   // true
/// ```
public enum PixelGraphicsKind: Hashable, Sendable {
    case kitty, sixel
}
