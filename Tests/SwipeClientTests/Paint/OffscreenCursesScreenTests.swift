import SwipeCore
import Testing
@testable import SwipeClient

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
}
