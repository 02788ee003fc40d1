import CFriBidi

/// Who puts right-to-left text in display order: the client (GNU FriBidi: the Unicode
/// bidirectional algorithm with Arabic shaping and mirrored brackets, line by line after
/// wrapping in logical order), or the terminal (`--bidi terminal`, for terminals that run the
/// algorithm themselves: text is sent in logical order, unshaped).
///
/// ```swift
/// BidiMode(rawValue: "terminal")   // .terminal
/// ```
public enum BidiMode: String, Hashable, Sendable, CaseIterable {
    case client
    case terminal
}

/// One line of text in the order a terminal without bidi support must receive it.
///
/// ```swift
/// Bidi.visual("abc (1976)")                    // "abc (1976)"
/// Bidi.visual("אב (12)").text                  // "(12) בא" (brackets mirrored back)
/// Bidi.isRightToLeft("فيلم: الرسالة (١٩٧٦)")   // true
/// ```
public enum Bidi {
    /// A line's base direction as FriBidi resolves it from its first strong character.
    ///
    /// ```swift
    /// Bidi.isRightToLeft("123 שלום")   // true
    /// ```
    public static func isRightToLeft(_ text: String) -> Bool {
        visual(text).rightToLeft
    }

    /// The line shaped and reordered; `rightToLeft` forces the base direction (a wrapped
    /// paragraph's lines all take the paragraph's), nil detects it.
    ///
    /// ```swift
    /// Bidi.visual("abc", rightToLeft: nil)   // (text: "abc", rightToLeft: false)
    /// ```
    public static func visual(_ text: String, rightToLeft: Bool? = nil) -> (text: String, rightToLeft: Bool) {
        let logical = text.unicodeScalars.map(\.value)
        guard !logical.isEmpty else { return (text, rightToLeft ?? false) }
        // Pure left-to-right text (the usual case) needs no work.
        if rightToLeft != true, !logical.contains(where: mayBeRightToLeft) { return (text, false) }
        var visual = [UInt32](repeating: 0, count: logical.count)
        let base: Int32 = rightToLeft.map { $0 ? 2 : 1 } ?? 0
        let resolved = swipe_bidi_visual_line(logical, Int32(logical.count), base, &visual)
        guard resolved != 0 else { return (text, rightToLeft ?? false) }
        // A ligature (lam-alef) leaves U+FEFF where its second letter was.
        let scalars = visual.filter { $0 != 0xFEFF }.compactMap(Unicode.Scalar.init)
        return (String(String.UnicodeScalarView(scalars)), resolved == 2)
    }

    /// Code points of right-to-left scripts and the explicit marks (Hebrew, Arabic, Syriac,
    /// Thaana, NKo, Samaritan, Mandaic, their presentation forms, RLM/ALM).
    static func mayBeRightToLeft(_ value: UInt32) -> Bool {
        (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
            || value == 0x200F || value == 0x061C || (0x10800...0x10FFF).contains(value) || (0x1E800...0x1EFFF).contains(value)
    }
}
