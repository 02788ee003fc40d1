// Shell, main thread: shows the frame's resting picture as kitty or sixel graphics after curses has
// painted the cells, and takes it away when a frame has none or another. Writes to standard output
// between curses refreshes; touches nothing else.
import Foundation

/// The terminal's pixel pictures (see ``PixelPlacement``).
///
/// ```swift
/// var pixels = PixelPictures(kind: .kitty)
/// pixels.show(frame, pictures: model.pictures, painter: &painter)   // after painter.paint(frame)
/// ```
struct PixelPictures {
    let kind: ChafaGraphics.Kind
    private var shown: PixelPlacement?
    private var bytes: (PixelPlacement, [UInt8])?

    init(kind: ChafaGraphics.Kind) { self.kind = kind }

    /// Brings the terminal to what `frame` asks for; `painter` has just painted `frame`.
    mutating func show(_ frame: Frame, pictures: PictureShelf, painter: inout CursesPainter) {
        let wanted = frame.pixelPicture.flatMap { pictures.picture($0.etag) != nil ? $0 : nil }
        guard wanted != shown else { return }
        if shown != nil {
            switch kind {
            case .kitty:
                Self.write(ChafaGraphics.kittyDeleteAll)
            case .sixel:   // sixels are pixels in the text area: painting every cell again covers them
                painter.invalidate()
                _ = painter.paint(frame)
            }
            shown = nil
        }
        guard let wanted, let picture = pictures.picture(wanted.etag) else { return }
        if bytes?.0 != wanted {
            let cell = Self.cellPixels()
            bytes = (wanted, ChafaGraphics.render(picture.picture, columns: wanted.columns, rows: wanted.rows, cell: cell, kind: kind))
        }
        guard let image = bytes?.1, !image.isEmpty else { return }
        // Save the cursor, go to the picture's first cell, draw, come back: curses' idea of the cursor stays true.
        Self.write(Array("\u{1B}7\u{1B}[\(wanted.row + 1);\(wanted.column + 1)H".utf8) + image + Array("\u{1B}8".utf8))
        shown = wanted
    }

    /// Takes the picture away (before curses ends).
    mutating func clear() {
        if shown != nil, kind == .kitty { Self.write(ChafaGraphics.kittyDeleteAll) }
        shown = nil
    }

    /// One cell's size in pixels, from the terminal (10 × 20 when it does not say).
    static func cellPixels() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel > 0, size.ws_ypixel > 0 else { return (10, 20) }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }

    private static func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 { if errno == EINTR || errno == EAGAIN { continue } else { return } }
            offset += written
        }
    }
}
