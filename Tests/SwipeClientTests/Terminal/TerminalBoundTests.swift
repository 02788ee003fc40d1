import Foundation
import Testing
@testable import SwipeClient

/// A terminal's size past any real screen is set back before a frame is made of it, and the cell
/// pixel size a terminal claims is bounded.
@Suite struct TerminalBoundTests {
    @Test(arguments: [
        (80, 24, 800, 480, 80, 24, 800, 480),             // a real screen: untouched
        (8000, 8000, 0, 0, 1000, 1000, 0, 0),             // the attack: 1000 × 1000
        (8000, 24, 64000, 480, 1000, 24, 8000, 480),      // pixels follow the cells kept
        (1000, 1000, 65535, 65535, 1000, 1000, 64000, 65535),
        (10, 10, 65535, 65535, 10, 10, 640, 1280),        // at most 64 × 128 pixels a cell
        (0, 0, 100, 100, 0, 0, 0, 0),
    ] as [(UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16)])
    func theSizeIsBounded(_ columns: UInt16, _ rows: UInt16, _ xpixel: UInt16, _ ypixel: UInt16,
                          _ boundedColumns: UInt16, _ boundedRows: UInt16, _ boundedX: UInt16, _ boundedY: UInt16) {
        let bounded = TerminalSession.bounded(winsize(ws_row: rows, ws_col: columns, ws_xpixel: xpixel, ws_ypixel: ypixel))
        #expect([bounded.ws_col, bounded.ws_row, bounded.ws_xpixel, bounded.ws_ypixel] == [boundedColumns, boundedRows, boundedX, boundedY])
    }

    @Test(arguments: [
        (80, 24, 800, 480, 10, 20),
        (80, 24, 0, 0, 10, 20),
        (80, 24, 65535, 480, 64, 20),
        (80, 24, 40, 12, 1, 1),
        (1, 1, 65535, 65535, 64, 128),
    ] as [(UInt16, UInt16, UInt16, UInt16, Int, Int)])
    func theCellPixelSizeIsBounded(_ columns: UInt16, _ rows: UInt16, _ xpixel: UInt16, _ ypixel: UInt16, _ width: Int, _ height: Int) {
        let cell = PixelPictures.cellPixels(of: winsize(ws_row: rows, ws_col: columns, ws_xpixel: xpixel, ws_ypixel: ypixel))
        #expect(cell.width == width && cell.height == height)
    }
}
