/// How many terminal columns text occupies, and how to fit it into a number of columns.
/// East Asian Wide/Fullwidth characters (CJK, Hangul, fullwidth forms) and emoji presentation
/// take 2 columns; combining marks, ZWJ, variation selectors and other format characters take 0;
/// everything else takes 1. A grapheme cluster (a `Character`) takes the width of its first
/// scalar, or 2 when it is drawn as an emoji (emoji presentation, VS16, ZWJ or flag sequences).
///
/// ```swift
/// DisplayWidth.of("東京")                              // 4
/// DisplayWidth.of("e\u{301}")                          // 1
/// DisplayWidth.truncate("Hello, world", toWidth: 6)    // "Hello…"
/// DisplayWidth.wrap("one two three", width: 7, maxLines: nil)   // ["one two", "three"]
/// DisplayWidth.pad("ab", toWidth: 4, alignment: .trailing)      // "  ab"
/// ```
public enum DisplayWidth {
    /// Where ``pad(_:toWidth:alignment:)`` puts the text within the padded width.
    ///
    /// ```swift
    /// DisplayWidth.pad("ab", toWidth: 4, alignment: .center)   // " ab "
    /// ```
    public enum Alignment: Hashable, Sendable, CaseIterable {
        case leading, center, trailing
    }

    /// The number of columns a string occupies: the sum of its characters' widths.
    ///
    /// ```swift
    /// DisplayWidth.of("🎬 Dune")   // 7
    /// ```
    public static func of(_ s: String) -> Int {
        var total = 0
        for character in s { total += of(character) }
        return total
    }

    /// The number of columns one character (grapheme cluster) occupies: 0, 1 or 2.
    ///
    /// ```swift
    /// DisplayWidth.of(Character("Ａ"))   // 2 (fullwidth A)
    /// ```
    public static func of(_ c: Character) -> Int {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count > 1 && first.properties.isEmoji {
            for scalar in scalars.dropFirst() where scalar.value == 0xFE0F || scalar.value == 0x200D || scalar.value == 0x20E3 {
                return 2
            }
        }
        return width(of: first)
    }

    /// The width of a single scalar, as if it stood alone.
    ///
    /// ```swift
    /// DisplayWidth.width(of: "\u{301}" as Unicode.Scalar)   // 0
    /// ```
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return 0 }
        if v < 0x300 { return 1 }  // fast path: Latin
        if isZeroWidth(scalar) { return 0 }
        if table(wideRanges, contains: v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The longest prefix of `s` that fits in `toWidth` columns, with `ellipsis` appended when
    /// anything was cut (the ellipsis counts towards the width). Never splits a character.
    ///
    /// ```swift
    /// DisplayWidth.truncate("東京タワー", toWidth: 5)   // "東京…"
    /// DisplayWidth.truncate("short", toWidth: 10)     // "short"
    /// ```
    /// `measure` gives a text's columns (a client passes the terminal's measure, e.g. utf8proc's).
    public static func truncate(_ s: String, toWidth: Int, ellipsis: String = "…",
                                measure: (String) -> Int = { of($0) }) -> String {
        guard toWidth > 0 else { return "" }
        if measure(s) <= toWidth { return s }
        var ellipsis = ellipsis
        var ellipsisWidth = measure(ellipsis)
        if ellipsisWidth > toWidth {
            ellipsis = ""
            ellipsisWidth = 0
        }
        let budget = toWidth - ellipsisWidth
        var result = ""
        var used = 0
        for character in s {
            let w = measure(String(character))
            if used + w > budget { break }
            result.append(character)
            used += w
        }
        while let last = result.last, last == " " { result.removeLast() }
        return result + ellipsis
    }

    /// Pads `s` with spaces to exactly `toWidth` columns (truncating with "…" first if it is
    /// wider), placing the text by `alignment`. Use `.trailing` for right-to-left titles.
    ///
    /// ```swift
    /// DisplayWidth.pad("東京", toWidth: 6)                       // "東京  "
    /// DisplayWidth.pad("مرحبا", toWidth: 7, alignment: .trailing)   // "  مرحبا"
    /// ```
    public static func pad(_ s: String, toWidth: Int, alignment: Alignment = .leading) -> String {
        guard toWidth > 0 else { return "" }
        let text = truncate(s, toWidth: toWidth)
        let gap = max(0, toWidth - of(text))
        switch alignment {
        case .leading: return text + String(repeating: " ", count: gap)
        case .trailing: return String(repeating: " ", count: gap) + text
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + text + String(repeating: " ", count: gap - left)
        }
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0x200B || v == 0x200C || v == 0x200D || v == 0x2060 || v == 0xFEFF { return true }
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return true }  // variation selectors
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return true }  // Hangul medial/final jamo
        if (0xE0000...0xE007F).contains(v) { return true }  // tags
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .spacingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation,
             .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol,
             .otherSymbol, .spaceSeparator, .lineSeparator, .paragraphSeparator, .control,
             .surrogate, .privateUse, .unassigned:
            return false
        @unknown default:
            return false
        }
    }
}
