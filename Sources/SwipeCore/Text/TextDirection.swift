/// The base direction of a piece of text, decided by its first strong character (as in the
/// Unicode bidi algorithm's rules P2–P3): Hebrew, Arabic and the other right-to-left scripts
/// make it right-to-left; any other letter makes it left-to-right; text with no letters is
/// left-to-right. The client right-aligns right-to-left titles.
///
/// ```swift
/// TextDirection.isRightToLeft("مرحبا بالعالم")   // true
/// TextDirection.isRightToLeft("2024: שלום")     // true (digits are not strong)
/// TextDirection.isRightToLeft("Dune")           // false
/// ```
public enum TextDirection {
    /// True when the first strong character of `s` is right-to-left.
    ///
    /// ```swift
    /// TextDirection.isRightToLeft("«عربي» text")   // true
    /// ```
    public static func isRightToLeft(_ s: String) -> Bool {
        for scalar in s.unicodeScalars {
            let v = scalar.value
            if v == 0x200F || v == 0x061C { return true }  // RLM, ALM
            if v == 0x200E { return false }  // LRM
            guard isLetter(scalar) else { continue }
            return isRightToLeftScript(v)
        }
        return false
    }

    private static func isRightToLeftScript(_ v: UInt32) -> Bool {
        (0x0590...0x08FF).contains(v)        // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic
            || (0xFB1D...0xFDFF).contains(v)  // Hebrew and Arabic presentation forms A
            || (0xFE70...0xFEFF).contains(v)  // Arabic presentation forms B
            || (0x10800...0x10FFF).contains(v)  // historic RTL scripts
            || (0x1E800...0x1EFFF).contains(v)  // Mende Kikakui, Adlam, Arabic math
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return true
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .decimalNumber, .letterNumber,
             .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
             .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator,
             .lineSeparator, .paragraphSeparator, .control, .surrogate, .privateUse, .unassigned:
            return false
        @unknown default:
            return false
        }
    }
}
