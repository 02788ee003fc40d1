// Shell, main thread: shows the frame's resting picture as kitty or sixel graphics after curses has
// painted the cells, and takes it away when a frame has none or another. Writes to standard output
// between curses refreshes (or to the writer a test gives it); touches nothing else.
import CTerminalSignals
import Foundation
import SwipeClientCore

/// The terminal's pixel pictures (see ``PixelPlacement``).
///
/// ```swift
/// var pixels = PixelPictures(kind: .kitty, prepare: { fetcher.drawPixels($0, picture: $1) })
/// pixels.show(frame, pictures: model.pictures, painter: &painter)   // after painter.paint(frame)
/// ```
struct PixelPictures {
    let kind: ChafaGraphics.Kind
    private var shown: PixelPlacement?
    /// The painter's full redraws when the picture was drawn: one more means it was painted over.
    private var shownAtRedraw = 0
    /// Kitty: the pictures sent, by id (placed again by id), oldest first; at most ``maxKittyPictures``.
    private var kittyIDs = BoundedCache<PixelBytesRequest, UInt32>(capacity: maxKittyPictures)
    private var nextKittyID: UInt32 = 1
    /// How many pictures kitty keeps for this client (each up to 1.3 MB at 200×60).
    static let maxKittyPictures = 8
    /// Where escape sequences go (standard output) and one cell's size in pixels (the terminal's).
    private let write: ([UInt8]) -> Void
    private let cellPixels: () -> (width: Int, height: Int)
    /// Has the bytes for a request drawn (the client: on the picture thread, which posts
    /// `.picturePixelsReady`; by default at once, on this thread).
    private let prepare: (PixelBytesRequest, DecodedPictureRef) -> Void

    init(kind: ChafaGraphics.Kind, cellPixels: @escaping () -> (width: Int, height: Int) = PixelPictures.terminalCellPixels,
         write: @escaping ([UInt8]) -> Void = PixelPictures.writeToStandardOutput,
         prepare: @escaping (PixelBytesRequest, DecodedPictureRef) -> Void = { PixelBytes.prepare($0, picture: $1.picture) }) {
        self.kind = kind
        self.cellPixels = cellPixels
        self.write = write
        self.prepare = prepare
    }

    /// Brings the terminal to what `frame` asks for; `painter` has just painted `frame`.
    mutating func show(_ frame: Frame, pictures: PictureShelf, painter: inout CursesPainter) {
        // A clear (resize, back from Ctrl-Z) or a full repaint took the picture with it (sixels are
        // painted over; kitty drops placements on a screen erase, and frees every picture without
        // one: seen in kitty 0.26, a picture placed again by id after a resize did not show): free
        // all, draw it again, same place or not.
        if shown != nil, painter.fullRedraws != shownAtRedraw { clear() }
        // A frame names a placement only for a picture that arrived (StackPainter.pictureCells).
        let wanted = frame.pixelPicture
        guard wanted != shown else { return }
        if let old = shown {
            switch kind {
            case .kitty:
                write(ChafaGraphics.kittyDeleteAll)
            case .sixel:   // sixels are pixels in the text area: sending the rows' cells again covers them
                painter.redrawRows(old.row..<(old.row + old.rows))
            }
            shown = nil
        }
        guard let wanted, let picture = pictures.picture(wanted.etag) else { return }
        let cell = cellPixels()
        let request = PixelBytesRequest(etag: wanted.etag, columns: wanted.columns, rows: wanted.rows,
                                        cellWidth: cell.width, cellHeight: cell.height, kind: kind)
        // Not drawn yet: ask, and show it when a later call finds it (the cells show until then).
        if PixelBytes.kept(request) == nil { prepare(request, picture) }
        guard let image = PixelBytes.kept(request), !image.isEmpty else { return }
        let sequence = kind == .kitty ? kittySequence(for: request, image: image) : image
        // Save the cursor, go to the picture's first cell, draw, come back: curses' idea of the cursor stays true.
        write(Array("\u{1B}7\u{1B}[\(wanted.row + 1);\(wanted.column + 1)H".utf8) + sequence + Array("\u{1B}8".utf8))
        shown = wanted
        shownAtRedraw = painter.fullRedraws
    }

    /// Takes the picture away and, for kitty, frees every picture sent (also before curses ends).
    mutating func clear() {
        if kind == .kitty, shown != nil || !kittyIDs.isEmpty { write(ChafaGraphics.kittyFreeAll) }
        shown = nil
        kittyIDs.removeAll()
    }

    /// Kitty: the picture placed again by its id when it was sent before, else sent with a new id
    /// (the oldest freed past ``maxKittyPictures``).
    private mutating func kittySequence(for request: PixelBytesRequest, image: [UInt8]) -> [UInt8] {
        if let id = kittyIDs[request], let place = ChafaGraphics.kittyPlace(id: id, from: image) { return place }
        let id = nextKittyID
        nextKittyID += 1
        var freed: [UInt8] = []
        for old in kittyIDs.insert(id, for: request) { freed += ChafaGraphics.kittyFree(id: old) }
        return freed + ChafaGraphics.kittyWithID(image, id: id)
    }

    /// One cell's size in pixels, from the terminal (10 × 20 when it does not say), within
    /// SWIPE_MAX_CELL_WIDTH × SWIPE_MAX_CELL_HEIGHT.
    static func terminalCellPixels() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return (10, 20) }
        return cellPixels(of: size)
    }

    /// One cell's size in pixels for a terminal of `size`: 10 × 20 when it gives no pixels, else
    /// at least 1 × 1 and at most SWIPE_MAX_CELL_WIDTH × SWIPE_MAX_CELL_HEIGHT.
    ///
    /// ```swift
    /// PixelPictures.cellPixels(of: winsize(ws_row: 24, ws_col: 80, ws_xpixel: 65535, ws_ypixel: 480))   // (64, 20)
    /// ```
    static func cellPixels(of size: winsize) -> (width: Int, height: Int) {
        guard size.ws_col > 0, size.ws_row > 0, size.ws_xpixel > 0, size.ws_ypixel > 0 else { return (10, 20) }
        let width = Int(size.ws_xpixel) / Int(size.ws_col), height = Int(size.ws_ypixel) / Int(size.ws_row)
        return (min(max(width, 1), Int(SWIPE_MAX_CELL_WIDTH)), min(max(height, 1), Int(SWIPE_MAX_CELL_HEIGHT)))
    }

    static func writeToStandardOutput(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 { if errno == EINTR || errno == EAGAIN { continue } else { return } }
            offset += written
        }
    }
}
