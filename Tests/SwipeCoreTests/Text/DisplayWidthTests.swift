import Testing
@testable import SwipeCore

@Suite struct DisplayWidthTests {
    static let widthTable: [(String, Int)] = [
        ("", 0),
        ("hello", 5),
        ("東京", 4),                          // CJK ideographs: 2 each
        ("한국어", 6),                         // Hangul syllables
        ("مرحبا", 5),                         // Arabic: 1 each
        ("שלום", 4),                          // Hebrew
        ("e\u{301}", 1),                      // e + combining acute
        ("e\u{301}\u{323}", 1),               // two combining marks
        ("🎬", 2),                            // emoji presentation
        ("👨‍👩‍👧", 2),                            // ZWJ family: one cluster
        ("👍🏽", 2),                           // skin tone modifier
        ("🇫🇷", 2),                           // flag (regional indicator pair)
        ("❤️", 2),                            // text-default + VS16
        ("1️⃣", 2),                           // keycap sequence
        ("ＡＢＣ", 6),                          // fullwidth forms
        ("ｶﾀｶﾅ", 4),                          // halfwidth katakana stay 1
        ("🎬 Dune", 7),
        ("a\u{200B}b", 2),                    // zero width space
        ("\u{1B}", 0),                        // control characters draw nothing
    ]

    @Test(arguments: widthTable)
    func measuresColumns(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test func characterWidthComesFromTheCluster() {
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
        #expect(DisplayWidth.of(Character("東")) == 2)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
        #expect(DisplayWidth.width(of: "\u{FE0F}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.width(of: "\u{200D}" as Unicode.Scalar) == 0)
    }

    static let truncationTable: [(String, Int, String)] = [
        ("Hello, world", 6, "Hello…"),
        ("Hello world", 7, "Hello…"),          // no space left before the ellipsis
        ("short", 10, "short"),
        ("exact", 5, "exact"),
        ("abc", 0, ""),
        ("abc", -3, ""),
        ("東京タワー", 5, "東京…"),
        ("東京タワー", 4, "東…"),              // a wide character never straddles the edge
        ("👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("مرحبا بالعالم", 6, "مرحبا…"),
    ]

    @Test(arguments: truncationTable)
    func truncates(_ text: String, _ width: Int, _ expected: String) {
        let result = DisplayWidth.truncate(text, toWidth: width)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) <= max(0, width))
    }

    @Test func truncatesWithACustomEllipsis() {
        #expect(DisplayWidth.truncate("abcdef", toWidth: 5, ellipsis: "...") == "ab...")
        #expect(DisplayWidth.truncate("abcdef", toWidth: 2, ellipsis: "...") == "ab")
    }

    static let wrapTable: [(String, Int, Int?, [String])] = [
        ("one two three", 7, nil, ["one two", "three"]),
        ("Sand, spice, destiny.", 12, nil, ["Sand, spice,", "destiny."]),
        ("one   two", 20, nil, ["one two"]),
        ("supercalifragilistic", 8, nil, ["supercal", "ifragili", "stic"]),
        ("supercalifragilistic", 8, 2, ["supercal", "ifragil…"]),
        ("one two three four", 9, 1, ["one two…"]),
        ("東京タワー", 4, nil, ["東京", "タワ", "ー"]),
        ("ab 東京", 3, nil, ["ab", "東", "京"]),
        ("a\nb", 5, nil, ["a", "b"]),
        ("e\u{301}e\u{301}e\u{301}", 2, nil, ["e\u{301}e\u{301}", "e\u{301}"]),
        ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 4, nil, ["👨‍👩‍👧👨‍👩‍👧", "👨‍👩‍👧"]),
        ("東", 1, nil, ["東"]),                 // too wide for any line: gets its own
        ("abc", 0, nil, []),
        ("abc", 5, 0, []),
    ]

    @Test(arguments: wrapTable)
    func wraps(_ text: String, _ width: Int, _ maxLines: Int?, _ expected: [String]) {
        #expect(DisplayWidth.wrap(text, width: width, maxLines: maxLines) == expected)
    }

    @Test(arguments: [
        "The quick brown fox jumps over the lazy dog",
        "東京 タワー と スカイツリー は 高い 建物 です",
        "مرحبا بالعالم، هذه بطاقة طويلة جدا",
        "👨‍👩‍👧 family 🎬 night e\u{301}e\u{301}e\u{301}e\u{301} Ａｂｃｄｅｆｇ",
        "averyveryverylongwordwithoutanyspacesatall and more",
    ])
    func wrapKeepsEveryCharacterAndFitsTheWidth(_ text: String) {
        for width in 2...12 {
            let lines = DisplayWidth.wrap(text, width: width, maxLines: nil)
            for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line) at width \(width)") }
            let original = text.filter { $0 != " " }
            let rejoined = lines.joined().filter { $0 != " " }
            #expect(Array(rejoined) == Array(original), "width \(width)")
        }
    }

    static let padTable: [(String, Int, DisplayWidth.Alignment, String)] = [
        ("ab", 4, .leading, "ab  "),
        ("ab", 4, .trailing, "  ab"),
        ("ab", 5, .center, " ab  "),
        ("東京", 6, .leading, "東京  "),
        ("مرحبا", 7, .trailing, "  مرحبا"),
        ("toolong", 4, .leading, "too…"),
        ("x", 0, .leading, ""),
    ]

    @Test(arguments: padTable)
    func pads(_ text: String, _ width: Int, _ alignment: DisplayWidth.Alignment, _ expected: String) {
        let result = DisplayWidth.pad(text, toWidth: width, alignment: alignment)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) == max(0, width))
    }
}
