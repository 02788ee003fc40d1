import Testing
@testable import SwipeClient
@testable import SwipeClientCore

/// utf8proc's clusters and widths, as tmux and ncurses count them.
@Suite struct GraphemesTests {
    @Test(arguments: [
        ("👩‍👩‍👧 night", ["👩‍👩‍👧", " ", "n", "i", "g", "h", "t"]),
        ("👍🏽!", ["👍🏽", "!"]),
        ("🏜️x", ["🏜️", "x"]),
        ("e\u{301}a", ["e\u{301}", "a"]),
        ("🇺🇦🇫🇷", ["🇺🇦", "🇫🇷"]),
        ("", []),
    ])
    func clustersAreWhole(_ text: String, _ expected: [String]) {
        #expect(Graphemes.clusters(text) == expected)
    }

    /// (text, columns): a cluster is as wide as its first code point.
    @Test(arguments: [
        ("👩‍👩‍👧", 2), ("👨‍👩‍👧‍👦", 2), ("👍🏽", 2), ("🏜", 1), ("🏜️", 1), ("🎬", 2), ("字", 2), ("e\u{301}", 1),
        ("فيلم", 4), ("a\u{7}b", 2), ("\u{200D}", 0),
    ])
    func widthsMatchTheTerminal(_ text: String, _ width: Int) {
        #expect(Graphemes.width(text) == width)
    }

    /// (cluster, code points curses gets): whole up to five, cut at a joiner past that.
    @Test(arguments: [
        ("👍🏽", [0x1F44D, 0x1F3FD]),
        ("👩‍👩‍👧", [0x1F469, 0x200D, 0x1F469, 0x200D, 0x1F467]),
        ("👨‍👩‍👧‍👦", [0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467]),
        ("👩‍❤️‍💋‍👨", [0x1F469, 0x200D, 0x2764, 0xFE0F]),
        ("a\u{301}\u{302}\u{303}\u{304}\u{305}", [0x61, 0x301, 0x302, 0x303, 0x304]),
        ("", [0x20]),
    ] as [(String, [UInt32])])
    func cursesGetsAtMostFiveCodePointsAndNoDanglingJoiner(_ cluster: String, _ expected: [UInt32]) {
        let points = CursesCluster.codePoints(cluster)
        #expect(points == expected)
        #expect(points.count <= CursesCluster.maxCodePoints && points.last != CursesCluster.zeroWidthJoiner)
    }

    /// Where the terminal draws a skin tone as its own glyph (tmux 3.3), the tone is its own cell
    /// and every column after it lands where the terminal puts it.
    @Test func splitSkinTonesTakeTheirOwnCells() {
        Graphemes.$splitsSkinTones.withValue(true) {
            #expect(Graphemes.clusters("👍🏽!") == ["👍", "🏽", "!"])
            #expect(Graphemes.width("👍🏽!") == 5)
            #expect(TextMetrics.width(Character("👍🏽")) == 4)
            var frame = Frame(size: TermSize(columns: 10, rows: 1))
            #expect(frame.write("👍🏽|", row: 0, column: 0) == 5)
            #expect(frame[0, 0].grapheme == "👍" && frame[0, 2].grapheme == "🏽" && frame[0, 4].grapheme == "|")
        }
        var joined = Frame(size: TermSize(columns: 10, rows: 1))
        #expect(joined.write("👍🏽|", row: 0, column: 0) == 3)
        #expect(joined[0, 0].grapheme == "👍🏽" && joined[0, 2].grapheme == "|")
    }

    /// (cursor report, column)
    @Test(arguments: [("\u{1B}[24;5R", 5), ("\u{1B}[1;3R", 3), ("junk\u{1B}[2;7R", 7), ("", nil), ("\u{1B}[5R", nil)] as [(String, Int?)])
    func cursorReportsAreRead(_ report: String, _ column: Int?) {
        #expect(TerminalProbe.column(fromCursorReport: Array(report.utf8)) == column)
    }
}
