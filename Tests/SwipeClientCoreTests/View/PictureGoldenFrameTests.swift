import Foundation
import SwipeCore
import SwipeProtocol
import SwipePictures
import Testing
@testable import SwipeClient
@testable import SwipeClientCore

/// A card with a picture in `symbols` mode, as golden frames with their colours (24-bit, 256
/// colours, NO_COLOR) at 80 × 24 and 200 × 60; before it arrives, and when it fails, the glyph.
@Suite struct PictureGoldenFrameTests {
    /// The sample picture, its card and the model that shows it (``SampleScenes/withPicture(size:colours:arrived:)``).
    static let picture = SampleScenes.picture
    static let etag = SampleScenes.pictureETag
    static let card = SampleScenes.pictureCard

    static func model(size: TermSize, colours: PictureColours, arrived: Bool = true) -> AppModel {
        SampleScenes.withPicture(size: size, colours: colours, arrived: arrived)
    }

    /// The frame's text, then each row's styles run-length encoded (`3×r#102030/i237`).
    static func dump(_ frame: Frame) -> String {
        func code(_ colour: TermColor?) -> String {
            switch colour {
            case nil: return "-"
            case let .indexed(i)?: return "i\(i)"
            case let .rgb(c)?: return "r\(c)"
            }
        }
        var lines = [frame.plainText, "--- styles (count×fg/bg) ---"]
        for row in 0..<frame.size.rows {
            var runs: [String] = []
            var last = "", count = 0
            for column in 0..<frame.size.columns {
                let style = frame[row, column].style
                let key = code(style.foreground) + "/" + code(style.background)
                if key == last { count += 1; continue }
                if count > 0 { runs.append("\(count)×\(last)") }
                last = key
                count = 1
            }
            runs.append("\(count)×\(last)")
            lines.append(runs.joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let cases: [(String, PictureColours, TermSize)] = [
        ("truecolor", PictureColours.truecolor, TermSize(columns: 80, rows: 24)), ("truecolor", .truecolor, TermSize(columns: 200, rows: 60)),
        ("256", .palette256, TermSize(columns: 80, rows: 24)), ("256", .palette256, TermSize(columns: 200, rows: 60)),
        ("nocolor", PictureColours.none, TermSize(columns: 80, rows: 24)), ("nocolor", PictureColours.none, TermSize(columns: 200, rows: 60)),
    ]

    @Test(arguments: cases)
    func aRestingCardShowsItsPicture(name: String, colours: PictureColours, size: TermSize) throws {
        let frame = viewWithPictureCells(Self.model(size: size, colours: colours), size: size)
        let golden = "picture-\(name)-\(size.columns)x\(size.rows)"
        let url = GoldenFrameTests.goldenURL(golden)
        let text = Self.dump(frame)
        if ProcessInfo.processInfo.environment["SWIPE_RECORD_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        } else {
            #expect(text == (try String(contentsOf: url, encoding: .utf8)), "frame \(golden) differs; SWIPE_RECORD_GOLDEN=1 rewrites it")
        }
        #expect(!frame.plainText.contains("🏜"), "the glyph gave way to the picture")
        #expect(frame.plainText.contains("▀") || frame.plainText.contains("▄") || frame.plainText.contains("█"))
        switch colours {
        case .truecolor: #expect(text.contains("r#fadc3c") || text.contains("r#f"), "24-bit colours in the picture")
        case .palette256: #expect(!text.contains("×r#"))
        case .none: #expect(!text.contains("×r#"))
        }
    }

    @Test(arguments: [TermSize(columns: 80, rows: 24), TermSize(columns: 200, rows: 60)])
    func untilItArrivesOrWhenItFailsTheGlyphShows(size: TermSize) {
        var model = Self.model(size: size, colours: .truecolor, arrived: false)
        #expect(viewWithPictureCells(model, size: size).plainText.contains("🏜"))
        update(&model, .pictureFailed(etag: Self.etag))
        let frame = viewWithPictureCells(model, size: size)
        #expect(frame.plainText.contains("🏜") && frame.plainText.contains("Dune"))
        // And the client carries on: a key still moves the card.
        let effects = update(&model, .key(.right))
        #expect(!effects.isEmpty)
    }

    /// No frame runs chafa: the first frame after a picture arrives shows the glyph and names the
    /// cells it wants; once they are drawn (the picture thread) the next frame shows them.
    @Test func theFirstFrameAsksForCellsAndShowsTheGlyph() throws {
        let size = TermSize(columns: 90, rows: 27)   // a size no other test draws
        var model = Self.model(size: size, colours: .truecolor, arrived: false)
        let etag = "p-first-frame-\(UUID().uuidString)"
        model.room?.visible[0].picture = CardPicture(file: "movies/dune.png", etag: etag)
        update(&model, .pictureArrived(DecodedPictureRef(etag: etag, picture: Self.picture)))
        let first = view(model, size: size)
        let wanted = try #require(first.pictureCellsWanted)
        #expect(wanted.etag == etag && wanted.colours == .truecolor && wanted.columns > 0 && wanted.rows > 0)
        #expect(first.plainText.contains("🏜"), "the glyph until the cells are drawn")
        update(&model, .pictureCellsReady(wanted, ChafaSymbols.render(Self.picture, columns: wanted.columns, rows: wanted.rows, colours: wanted.colours)))
        let next = view(model, size: size)
        #expect(next.pictureCellsWanted == nil)
        #expect(!next.plainText.contains("🏜") && next.plainText.contains("Dune"), "the picture instead of the glyph")
    }

    /// 24-bit picture colours keep 32 levels per channel (fewer curses colour pairs): every channel
    /// within 4 of chafa's, 0 and 255 kept, 32 values in all.
    @Test func truecolourPicturesKeep32LevelsPerChannel() {
        let levels = (0...255).map { ChafaSymbols.level(Int32($0)) }
        #expect(Set(levels).count == ChafaSymbols.levelsPerChannel)
        #expect(levels.first == 0 && levels.last == 255)
        #expect(zip(0...255, levels).allSatisfy { abs($0 - Int($1)) <= 4 })
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $0 <= $1 }, "in order")
        #expect(ChafaSymbols.level(0x12_34_82) == 132, "only the low 8 bits")
    }

    @Test func undecodableBytesNeverBecomeAPicture() {
        for bytes in [Array("<html>not found</html>".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3], [0xFF, 0xD8, 0xFF, 0xE0, 0, 0]] {
            #expect(throws: PictureProblem.self) { try PictureReader.decode(bytes) }
        }
    }

    @Test(arguments: [(48, 32, 40, 10, 30, 10), (48, 32, 20, 30, 20, 7), (10, 1000, 40, 10, 1, 10), (0, 10, 5, 5, 0, 0)])
    func picturesFitTheirAreaKeepingTheirShape(w: Int, h: Int, columns: Int, rows: Int, fitColumns: Int, fitRows: Int) {
        let fit = ChafaSymbols.fit(width: w, height: h, columns: columns, rows: rows)
        #expect(fit.columns == fitColumns && fit.rows == fitRows)
    }

    @Test(arguments: [
        (["TERM": "xterm-kitty"], PictureMode.kitty), (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .kitty),
        (["TERM": "foot"], .sixel), (["TERM": "xterm-256color", "TMUX": "/tmp/tmux-0/default,1,0"], .symbols),
        (["TERM": "tmux-256color"], .symbols), (["TERM": "xterm-256color"], .symbols), ([:], .symbols),
    ])
    func autoFollowsTheTerminal(environment: [String: String], mode: PictureMode) {
        #expect(PictureMode.auto.resolved(environment: environment) == mode)
        #expect(PictureMode.off.resolved(environment: environment) == .off)
    }
}
