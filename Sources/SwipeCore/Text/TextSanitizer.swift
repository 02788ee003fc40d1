/// Cleans untrusted text (deck files, member names) before it is stored, sent or drawn in a
/// terminal. Removes C0/C1 control characters, DEL, whole escape sequences (CSI, OSC, DCS, SOS,
/// PM, APC and two-character ESC sequences, in both their 7-bit and 8-bit forms), and the bidi
/// embedding/override/isolate controls (U+202A–202E, U+2066–2069) that can make text display in
/// a misleading order. Ordinary right-to-left text, combining marks, emoji and ZWJ sequences are
/// kept. Tabs become a space; CR, CRLF, U+2028 and U+2029 become a line break.
///
/// ```swift
/// TextSanitizer.clean("\u{1B}[31mRed\u{1B}[0m\nline")   // "Red line"
/// TextSanitizer.cleanMultiline("one\r\ntwo")             // "one\ntwo"
/// TextSanitizer.limited("Hello", maxCharacters: 3)       // "Hel"
/// ```
public enum TextSanitizer {
    /// Cleans text for a single-line field: as ``cleanMultiline(_:)``, then every line break
    /// becomes a space.
    ///
    /// ```swift
    /// TextSanitizer.clean("Dune\u{202E}\u{7}\npart two")   // "Dune part two"
    /// ```
    public static func clean(_ s: String) -> String {
        sanitize(s, keepNewlines: false)
    }

    /// Cleans text that may span lines: keeps `\n` (CR and CRLF become `\n`), removes everything
    /// else that ``clean(_:)`` removes.
    ///
    /// ```swift
    /// TextSanitizer.cleanMultiline("a\u{9B}2Jb\nc")   // "ab\nc"
    /// ```
    public static func cleanMultiline(_ s: String) -> String {
        sanitize(s, keepNewlines: true)
    }

    /// `s` without white space (spaces, tabs, line breaks) at either end.
    ///
    /// ```swift
    /// TextSanitizer.trimmed("  Pho \n")   // "Pho"
    /// ```
    public static func trimmed(_ s: String) -> String {
        var text = Substring(s)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }

    /// The first `maxCharacters` characters (grapheme clusters) of `s`; never splits a cluster.
    /// A negative or zero limit gives "".
    ///
    /// ```swift
    /// TextSanitizer.limited("👨‍👩‍👧 family", maxCharacters: 1)   // "👨‍👩‍👧"
    /// ```
    public static func limited(_ s: String, maxCharacters: Int) -> String {
        guard maxCharacters > 0 else { return "" }
        return String(s.prefix(maxCharacters))
    }

    /// True for the bidi controls that ``clean(_:)`` removes.
    ///
    /// ```swift
    /// TextSanitizer.isBidiOverride("\u{202E}")   // true
    /// ```
    public static func isBidiOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    // MARK: - The scanner

    private enum State {
        case text
        case escape            // after ESC
        case escapeIntermediate  // ESC followed by 0x20–0x2F bytes, waiting for the final byte
        case controlSequence   // CSI: parameters and intermediates until a final byte 0x40–0x7E
        case controlString     // OSC, DCS, SOS, PM, APC: until BEL or ST
        case controlStringEscape  // ESC seen inside a control string (ESC \ is ST)
    }

    private static func sanitize(_ s: String, keepNewlines: Bool) -> String {
        var out = String.UnicodeScalarView()
        var state = State.text
        var previousWasCR = false
        func emitNewline() {
            out.append(keepNewlines ? "\n" : " ")
        }
        for scalar in s.unicodeScalars {
            let v = scalar.value
            let wasCR = previousWasCR
            previousWasCR = false
            switch state {
            case .text:
                break
            case .escape:
                switch v {
                case 0x5B: state = .controlSequence  // [
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .controlString  // ] P X ^ _
                case 0x20...0x2F: state = .escapeIntermediate
                case 0x1B: state = .escape
                default: state = .text  // ESC plus one final character: both dropped
                }
                continue
            case .escapeIntermediate:
                if !(0x20...0x2F).contains(v) { state = .text }
                continue
            case .controlSequence:
                if (0x40...0x7E).contains(v) || v > 0x7E || v < 0x20 { state = .text }
                continue
            case .controlString:
                if v == 0x07 || v == 0x9C { state = .text } else if v == 0x1B { state = .controlStringEscape }
                continue
            case .controlStringEscape:
                state = v == 0x5C ? .text : (v == 0x1B ? .controlStringEscape : .controlString)
                continue
            }
            switch v {
            case 0x1B: state = .escape
            case 0x9B: state = .controlSequence
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: state = .controlString
            case 0x0A:
                if !wasCR { emitNewline() }
            case 0x0D:
                emitNewline()
                previousWasCR = true
            case 0x2028, 0x2029: emitNewline()
            case 0x09: out.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: break
            case 0xFEFF, 0x206A...0x206F: break  // BOM / deprecated format controls
            default:
                if !isBidiOverride(scalar) { out.append(scalar) }
            }
        }
        return String(out)
    }
}
