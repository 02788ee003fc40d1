import SwipeCore
import Testing
@testable import SwipeClient
@testable import SwipeClientCore

extension CursesGlobals {
/// The curses painter on a real (offscreen) ncurses screen: what it paints is what curses holds.
@Suite(.serialized) struct OffscreenCursesScreenTests {
    @Test func paintedRunsReachTheCursesScreen() throws {
        let size = TermSize(columns: 20, rows: 4)
        let screen = try #require(OffscreenCursesScreen(size: size))
        defer { screen.close() }
        var first = Frame(size: size)
        first.write("Hello there", row: 1, column: 2, style: CellStyle(foreground: .indexed(46), bold: true))
        screen.paint(FrameDiff.runs(from: nil, to: first), making: first)
        #expect(screen.text(row: 1, column: 2, count: 11) == "Hello there")

        var second = first
        second.write("J", row: 1, column: 2)
        let runs = FrameDiff.runs(from: first, to: second)
        #expect(runs.count == 1)
        screen.paint(runs, making: second)
        #expect(screen.text(row: 1, column: 2, count: 11) == "Jello there")
        #expect(screen.text(row: 0, column: 0, count: 5) == "     ")
    }

    /// ncurses' setcchar kept only `👩‍` of a family and dropped skin tones: the cell holds them whole.
    @Test func emojiClustersReachCursesWhole() throws {
        let size = TermSize(columns: 20, rows: 2)
        let screen = try #require(OffscreenCursesScreen(size: size))
        defer { screen.close() }
        var frame = Frame(size: size)
        frame.write("👩‍👩‍👧 👍🏽 🏜️|", row: 0, column: 0)
        screen.paint(FrameDiff.runs(from: nil, to: frame), making: frame)
        #expect(screen.cluster(row: 0, column: 0) == "👩‍👩‍👧")
        #expect(screen.cluster(row: 0, column: 3) == "👍🏽")
        #expect(screen.cluster(row: 0, column: 6) == "🏜️")
        #expect(screen.cluster(row: 0, column: 7) == "|")
    }

    // The painter on a direct-colour screen (xterm-direct), in this suite because curses has one
    // current screen per process: 24-bit colours reach curses exactly, and when the terminal's
    // colour pairs run out the table starts again without a wrong colour on screen.

    @Test func rgbColoursReachCursesExactly() throws {
        let size = TermSize(columns: 20, rows: 3)
        let screen = try #require(OffscreenCursesScreen(size: size, terminal: "xterm-direct"))
        defer { screen.close() }
        #expect(screen.colourCount == 0x1000000)
        var frame = Frame(size: size)
        frame.write("ab", row: 1, column: 3, style: CellStyle(foreground: .rgb(RGBColor(red: 12, green: 200, blue: 99)), background: .indexed(237)))
        screen.paint(FrameDiff.runs(from: nil, to: frame), making: frame)
        let cell = try #require(screen.colours(row: 1, column: 4))
        #expect(cell.foreground == 0x0CC863 && cell.background == 0x3A3A3A)
        let plain = try #require(screen.colours(row: 0, column: 0))
        #expect(plain.foreground == -1 && plain.background == -1)
    }

    /// 20 frames of 4,000 cells, every cell a colour pair of its own: 80,000 pairs, more than the
    /// terminal's 65,536. Every cell of every frame still holds its own colours.
    @Test func pairsRunningOutStartTheTableAgain() throws {
        let size = TermSize(columns: 100, rows: 40)
        let screen = try #require(OffscreenCursesScreen(size: size, terminal: "xterm-direct"))
        defer { screen.close() }
        var previous: Frame?
        var wrong = 0
        for step in 0..<20 {
            var frame = Frame(size: size)
            for row in 0..<size.rows {
                for column in 0..<size.columns {
                    let n = step * 4000 + row * size.columns + column
                    let style = CellStyle(foreground: .rgb(RGBColor(red: UInt8(n >> 16 & 0xFF), green: UInt8(n >> 8 & 0xFF), blue: UInt8(n & 0xFF))),
                                          background: .rgb(RGBColor(red: 1, green: UInt8(step), blue: 200)))
                    frame.write("x", row: row, column: column, style: style)
                }
            }
            screen.paint(FrameDiff.runs(from: previous, to: frame), making: frame)
            previous = frame
            for row in 0..<size.rows {
                for column in 0..<size.columns {
                    let n = step * 4000 + row * size.columns + column
                    let cell = screen.colours(row: row, column: column)
                    if cell?.foreground != max(8, n) || cell?.background != (1 << 16 | step << 8 | 200) { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
        #expect(screen.pairTableResets >= 1)
    }

    // Pixel pictures over a real painter: drawn once while the placement stays, drawn again after
    // anything repaints every cell (a resize's clear, Ctrl-Z, the pair table starting again), and
    // taken away when the frame names none.

    final class Written: @unchecked Sendable {
        var sequences: [String] = []
    }

    @Test(arguments: [ChafaGraphics.Kind.kitty, .sixel])
    func aPixelPictureComesBackAfterTheScreenIsRepainted(kind: ChafaGraphics.Kind) throws {
        let size = TermSize(columns: 80, rows: 24)
        let screen = try #require(OffscreenCursesScreen(size: size))
        defer { screen.close() }
        var model = SampleScenes.withPicture(size: size, colours: .palette256)
        model.options.pictures = kind == .kitty ? .kitty : .sixel
        let frame = viewWithPictureCells(model, size: size)
        let placement = try #require(frame.pixelPicture)
        let written = Written()
        var pixels = PixelPictures(kind: kind, cellPixels: { (10, 20) }, write: { written.sequences.append(String(decoding: $0, as: UTF8.self)) })
        let image = kind == .kitty ? "\u{1B}_G" : "\u{1B}P"
        func paintAndShow(_ frame: Frame) {
            screen.paint(FrameDiff.runs(from: nil, to: frame), making: frame)
            screen.withPainter { pixels.show(frame, pictures: model.pictures, painter: &$0) }
        }
        paintAndShow(frame)
        #expect(written.sequences.count == 1 && written.sequences[0].contains(image))
        #expect(written.sequences[0].hasPrefix("\u{1B}7\u{1B}[\(placement.row + 1);\(placement.column + 1)H"), "at the placement")
        paintAndShow(frame)
        #expect(written.sequences.count == 1, "the same placement is not sent again")
        screen.withPainter { $0.invalidate() }   // a resize or Ctrl-Z: the screen was cleared
        paintAndShow(frame)
        let again = written.sequences.dropFirst()
        #expect(again.filter { $0.contains(image) && !$0.contains("_Ga=d") }.count == 1, "drawn again after the clear: \(again.map(\.debugDescription))")
        let freeAll = String(decoding: ChafaGraphics.kittyFreeAll, as: UTF8.self)
        // Kitty frees pictures without placements on a clear: all are freed and this one sent again.
        #expect(again.contains(freeAll) == (kind == .kitty), "kitty's pictures freed first: \(again.map(\.debugDescription))")
        if kind == .kitty {
            #expect(written.sequences[0].contains("\u{1B}_Ga=T,i=1,q=2,"), "sent with an id, no answers asked for")
            #expect(again.last?.contains("\u{1B}_Ga=T,i=2,q=2,") == true, "sent again after the clear")
        }
        // A frame without a placement (help over the card) takes it away: kitty deletes, sixel is
        // covered by sending its rows' cells again (nothing is written outside curses).
        let before = written.sequences.count
        var covered = frame
        covered.pixelPicture = nil
        paintAndShow(covered)
        #expect(Array(written.sequences.dropFirst(before)) == (kind == .kitty ? [ChafaGraphics.kittyDeleteString] : []))
        // Back (the help closed): kitty places the picture it kept by its id, in a few bytes.
        let shownBefore = written.sequences.count
        paintAndShow(frame)
        let back = try #require(written.sequences.last)
        #expect(written.sequences.count == shownBefore + 1)
        if kind == .kitty {
            #expect(back.contains("\u{1B}_Ga=p,i=2,c=\(placement.columns),r=") && back.utf8.count < 64, "\(back.debugDescription)")
        } else {
            #expect(back.contains("\u{1B}P"))
        }
    }

    /// The client draws kitty and sixel bytes on the picture thread: until they are drawn nothing is
    /// written (the cells show), then the next call writes them at the placement.
    @Test func pixelBytesAreAskedForThenWritten() throws {
        let size = TermSize(columns: 80, rows: 24)
        let screen = try #require(OffscreenCursesScreen(size: size))
        defer { screen.close() }
        var model = SampleScenes.withPicture(size: size, colours: .palette256)
        model.options.pictures = .sixel
        let frame = viewWithPictureCells(model, size: size)
        let placement = try #require(frame.pixelPicture)
        let written = Written()
        let asked = Written()
        // A cell size no other test uses, so these bytes were never drawn in this process.
        var pixels = PixelPictures(kind: .sixel, cellPixels: { (7, 17) }, write: { written.sequences.append(String(decoding: $0, as: UTF8.self)) },
                                   prepare: { request, _ in asked.sequences.append("\(request.columns)x\(request.rows) \(request.cellWidth)x\(request.cellHeight)") })
        screen.paint(FrameDiff.runs(from: nil, to: frame), making: frame)
        screen.withPainter { pixels.show(frame, pictures: model.pictures, painter: &$0) }
        #expect(written.sequences.isEmpty, "nothing before the bytes are drawn")
        #expect(asked.sequences == ["\(placement.columns)x\(placement.rows) 7x17"])
        let request = PixelBytesRequest(etag: placement.etag, columns: placement.columns, rows: placement.rows, cellWidth: 7, cellHeight: 17, kind: .sixel)
        PixelBytes.prepare(request, picture: SampleScenes.picture)   // what the picture thread does
        screen.withPainter { pixels.show(frame, pictures: model.pictures, painter: &$0) }
        #expect(written.sequences.count == 1 && written.sequences[0].contains("\u{1B}P"))
        #expect(asked.sequences.count == 1, "asked once")
    }
}
}
