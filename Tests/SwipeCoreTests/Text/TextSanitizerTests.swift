import Testing
@testable import SwipeCore

@Suite struct TextSanitizerTests {
    static let cleanTable: [(String, String)] = [
        ("\u{1B}[31mRed\u{1B}[0m", "Red"),                                              // SGR colour
        ("\u{1B}[?25lhidden\u{1B}[2J", "hidden"),                                      // private CSI, clear screen
        ("\u{1B}]8;;https://evil.example\u{7}click\u{1B}]8;;\u{7}", "click"),           // OSC 8 link, BEL end
        ("\u{1B}]8;;https://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),                  // OSC 8 link, ST end
        ("\u{1B}]0;window title\u{7}ok", "ok"),                                        // OSC title
        ("\u{1B}P1$r0m\u{1B}\\ok", "ok"),                                               // DCS
        ("\u{1B}(Bok", "ok"),                                                          // charset designation
        ("\u{1B}cok", "ok"),                                                           // full reset
        ("a\u{9B}31mb", "ab"),                                                         // C1 CSI
        ("\u{9D}0;title\u{9C}ok", "ok"),                                               // C1 OSC, C1 ST
        ("next\u{85}line", "nextline"),                                                // C1 NEL
        ("abc\u{202E}fed", "abcfed"),                                                  // right-to-left override
        ("\u{2066}x\u{2069}\u{202A}y\u{202C}", "xy"),                                   // isolates, embedding
        ("ding\u{7}", "ding"),                                                         // BEL
        ("x\u{7F}y\u{0}z", "xyz"),                                                     // DEL, NUL
        ("\u{FEFF}bom", "bom"),
        ("line1\nline2", "line1 line2"),
        ("a\r\nb", "a b"),
        ("tab\there", "tab here"),
        ("مرحبا بالعالم", "مرحبا بالعالم"),                                             // Arabic kept
        ("שלום", "שלום"),                                                              // Hebrew kept
        ("e\u{301}", "e\u{301}"),                                                      // combining mark kept
        ("👨‍👩‍👧 🎬 🇫🇷", "👨‍👩‍👧 🎬 🇫🇷"),                                                  // emoji, ZWJ, flags kept
        ("\u{200F}RLM", "\u{200F}RLM"),                                                // marks (not overrides) kept
        ("plain", "plain"),
    ]

    @Test(arguments: cleanTable)
    func cleans(_ input: String, _ expected: String) {
        let output = TextSanitizer.clean(input)
        #expect(output == expected)
        #expect(!output.unicodeScalars.contains(where: Self.isForbidden), "forbidden scalar left in \(output.debugDescription)")
    }

    @Test func multilineKeepsLineBreaksOnly() {
        #expect(TextSanitizer.cleanMultiline("a\r\nb\rc\nd\u{2028}e") == "a\nb\nc\nd\ne")
        #expect(TextSanitizer.cleanMultiline("a\u{1B}[1m\nb\u{7}") == "a\nb")
    }

    @Test func noControlSurvivesAnyMix() {
        // Every C0/C1 control, DEL and bidi override, each between letters and after an ESC.
        var input = ""
        let controls = Array(0x00...0x1F) + Array(0x7F...0x9F) + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        for value in controls {
            guard let scalar = Unicode.Scalar(value) else { continue }
            input += "a" + String(Character(scalar)) + "b\u{1B}" + String(Character(scalar))
        }
        let output = TextSanitizer.clean(input)
        #expect(!output.unicodeScalars.contains(where: Self.isForbidden))
        #expect(!TextSanitizer.cleanMultiline(input).unicodeScalars.contains { $0 != "\n" && Self.isForbidden($0) })
    }

    static let limitTable: [(String, Int, String)] = [
        ("Hello", 3, "Hel"),
        ("Hello", 10, "Hello"),
        ("👨‍👩‍👧 family", 1, "👨‍👩‍👧"),
        ("e\u{301}x", 1, "e\u{301}"),
        ("abc", 0, ""),
        ("abc", -1, ""),
    ]

    @Test(arguments: limitTable)
    func limits(_ input: String, _ count: Int, _ expected: String) {
        #expect(TextSanitizer.limited(input, maxCharacters: count) == expected)
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || TextSanitizer.isBidiOverride(scalar)
    }
}
