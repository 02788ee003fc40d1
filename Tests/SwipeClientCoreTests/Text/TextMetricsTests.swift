import Testing
@testable import SwipeClientCore

@Suite struct TextMetricsTests {
    @Test(arguments: [
        ("abc", 3), ("千と千尋", 8), ("e\u{301}", 1), ("🎬", 2), ("❤️", 1), ("👩‍👩‍👧", 2), ("שלום", 4),
        ("مرحبا", 5), ("\u{200B}", 0), ("한국어", 6),
    ])
    func widths(_ text: String, _ width: Int) {
        #expect(TextMetrics.width(text) == width)
    }

    @Test(arguments: [
        ("plain", "plain"), ("a\u{1B}[31mb", "ab"), ("x\u{7}y\nz", "xy z"), ("\u{9B}2J", ""),
        ("left\u{202E}right", "leftright"), ("ok\u{2066}x\u{2069}", "okx"), ("👩‍👩‍👧", "👩‍👩‍👧"),
    ])
    func cleaningRemovesEverythingThatSteersATerminal(_ input: String, _ expected: String) {
        #expect(TextMetrics.clean(input) == expected)
    }

    @Test(arguments: [("Spirited Away", 8, "Spirite…"), ("千と千尋の神隠し", 7, "千と千…"), ("short", 9, "short"), ("abc", 0, "")])
    func truncation(_ text: String, _ width: Int, _ expected: String) {
        let cut = TextMetrics.truncate(text, to: width)
        #expect(cut == expected)
        #expect(TextMetrics.width(cut) <= width)
    }

    @Test func wrapKeepsWordsAndWidth() {
        let lines = TextMetrics.wrap("Sand, spice and destiny on a desert planet", width: 12, maxLines: 3)
        #expect(lines == ["Sand, spice", "and destiny", "on a desert…"])
        #expect(lines.allSatisfy { TextMetrics.width($0) <= 12 })
    }

    @Test func wrapBreaksWideRunsByColumns() {
        let lines = TextMetrics.wrap("千と千尋の神隠し", width: 6, maxLines: 5)
        #expect(lines == ["千と千", "尋の神", "隠し"])
    }

    @Test func rightToLeftIsDetectedAndReversedForDisplay() {
        #expect(TextMetrics.isRightToLeft("שלום עולם"))
        #expect(!TextMetrics.isRightToLeft("123 abc"))
        #expect(TextMetrics.visualOrder("אבג") == "גבא")
        #expect(TextMetrics.visualOrder("abc") == "abc")
    }
}

@Suite struct FrameTests {
    @Test func wideGraphemesTakeTwoCellsAndOverwritingHalfClearsTheOther() {
        var frame = Frame(size: TermSize(columns: 6, rows: 1))
        frame.write("a字b", row: 0, column: 0)
        #expect(frame[0, 1].grapheme == "字" && frame[0, 2].isContinuation)
        #expect(frame.plainText == "a字b\n")
        frame.put("x", row: 0, column: 2)
        #expect(frame[0, 1].grapheme == " ")
        #expect(frame.plainText == "a x b\n".replacingOccurrences(of: "x b", with: "xb"))
    }

    @Test func aWideGraphemeThatDoesNotFitIsNotDrawn() {
        var frame = Frame(size: TermSize(columns: 3, rows: 1))
        #expect(frame.write("ab字", row: 0, column: 0) == 2)
        #expect(frame.plainText == "ab\n")
    }

    @Test func combiningMarksJoinTheirBase() {
        var frame = Frame(size: TermSize(columns: 4, rows: 1))
        frame.write("e\u{301}x", row: 0, column: 0)
        #expect(frame[0, 0].grapheme == "e\u{301}")
        #expect(frame[0, 1].grapheme == "x")
    }
}
