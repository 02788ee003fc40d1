import SwipeCore
import Testing
@testable import SwipeClientCore

/// FriBidi's visual order with Arabic shaping, line by line.
@Suite struct BidiTests {
    static let title = "فيلم: الرسالة (١٩٧٦)"

    @Test func theArabicTitleReadsRightToLeftWithTheYearAndBracketsIntact() {
        let (visual, rtl) = Bidi.visual(Self.title)
        #expect(rtl)
        // Shown left to right on a terminal without bidi: the bracketed year first, in reading
        // order and with its brackets the right way round, then the words right to left.
        #expect(visual.hasPrefix("(١٩٧٦) "), "\(visual)")
        #expect(!visual.contains("٦٧٩١") && !visual.contains(")٦"), "\(visual)")
        // Letters joined: presentation forms (U+FE70…U+FEFF), none of the isolated letters left.
        #expect(visual.unicodeScalars.contains { (0xFE70...0xFEFF).contains($0.value) })
        #expect(!visual.unicodeScalars.contains { (0x0621...0x064A).contains($0.value) }, "\(visual)")
        #expect(visual.hasSuffix(":ﻢﻠﻴﻓ"), "فيلم shaped and last on the left-to-right screen: \(visual)")
        #expect(TextMetrics.width(visual) == TextMetrics.width(Self.title))
    }

    /// (logical, visual): left-to-right text untouched; Hebrew reordered, brackets mirrored.
    @Test(arguments: [("abc (1976)", "abc (1976)"), ("אב (12)", "(12) בא"), ("", ""), ("Dune 🏜", "Dune 🏜")])
    func reorders(_ logical: String, _ visual: String) {
        #expect(Bidi.visual(logical).text == visual)
    }

    @Test func aWrappedLineTakesTheParagraphsDirection() {
        // A second line that starts with a number is still part of a right-to-left paragraph.
        #expect(Bidi.visual("123 שלום", rightToLeft: true).text == "םולש 123")
        #expect(Bidi.visual("123 abc", rightToLeft: true).text == "abc 123")
    }

    @Test func theTerminalModeLeavesTextInLogicalOrder() {
        #expect(TextMetrics.visualOrder(Self.title, mode: .terminal) == Self.title)
        #expect(TextMetrics.visualOrder(Self.title, mode: .client) != Self.title)
    }

    @Test func withBidiTerminalTheCardCarriesTheLogicalText() {
        var model = GoldenFrameTests.withTopCard(Card(id: "ar", title: Self.title), size: TermSize(columns: 80, rows: 24))
        #expect(view(model, size: model.size).plainText.contains("(١٩٧٦) ﺔﻟﺎﺳﺮﻟﺍ :ﻢﻠﻴﻓ"))
        model.options.bidi = .terminal
        #expect(view(model, size: model.size).plainText.contains(Self.title))
    }
}
