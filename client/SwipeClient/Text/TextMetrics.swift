/// How wide text is on a terminal, and how to make network text safe to draw.
///
/// A bridge over SwipeCore's text functions (DisplayWidth, TextSanitizer, TextDirection): the
/// client calls only these, so switching to the shared implementation touches one file.
///
/// ```swift
/// TextMetrics.width("千と千尋")               // 8
/// TextMetrics.clean("a\u{1B}[31mb")        // "a[31mb"
/// TextMetrics.truncate("Amélie", to: 4)    // "Amé…"
/// ```
public enum TextMetrics {
    /// Terminal columns a grapheme occupies: 0 (combining, controls), 1 or 2 (wide, emoji).
    ///
    /// ```swift
    /// TextMetrics.width(Character("字"))   // 2
    /// ```
    public static func width(_ character: Character) -> Int {
        var sawVisible = false
        var wide = false
        for scalar in character.unicodeScalars {
            let v = scalar.value
            if v == 0xFE0F, sawVisible { wide = true; continue }
            if isZeroWidth(scalar) { continue }
            sawVisible = true
            if isWide(v) || scalar.properties.isEmojiPresentation { wide = true }
        }
        guard sawVisible else { return 0 }
        return wide ? 2 : 1
    }

    /// Terminal columns a string occupies.
    ///
    /// ```swift
    /// TextMetrics.width("e\u{301}")   // 1
    /// ```
    public static func width(_ text: String) -> Int { text.reduce(0) { $0 + width($1) } }

    /// Removes everything that could steer a terminal: C0/C1 controls, ESC, bidi overrides.
    /// Newlines and tabs become spaces.
    ///
    /// ```swift
    /// TextMetrics.clean("x\u{7}y\nz")   // "xy z"
    /// ```
    public static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x0A || v == 0x09 || v == 0x0D { out.append(" "); continue }
            if v < 0x20 || (0x7F...0x9F).contains(v) { continue }
            if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F { continue }
            if (0xD800...0xDFFF).contains(v) || v == 0xFFF9 || v == 0xFFFA || v == 0xFFFB { continue }
            out.append(scalar)
        }
        return String(out)
    }

    /// Cuts `text` to at most `width` columns, ending with `ellipsis` when something was cut.
    ///
    /// ```swift
    /// TextMetrics.truncate("Spirited Away", to: 8)   // "Spirite…"
    /// ```
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if self.width(text) <= width { return text }
        let room = width - self.width(ellipsis)
        guard room >= 0 else { return "" }
        var out = ""
        var used = 0
        for ch in text {
            let w = self.width(ch)
            if used + w > room { break }
            out.append(ch)
            used += w
        }
        return out + ellipsis
    }

    /// Word-wraps into lines of at most `width` columns; long words are broken; at most
    /// `maxLines` lines, the last truncated with an ellipsis when text remains.
    ///
    /// ```swift
    /// TextMetrics.wrap("Sand, spice, destiny.", width: 12, maxLines: 3)   // ["Sand, spice,", "destiny."]
    /// ```
    public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var overflow = false
        func push(_ line: String) {
            if lines.count < maxLines { lines.append(line) } else { overflow = true }
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            while self.width(word) > width {
                if !current.isEmpty { push(current); current = "" }
                let head = truncate(word, to: width, ellipsis: "")
                push(head)
                word = String(word.dropFirst(head.count))
            }
            if current.isEmpty {
                current = word
            } else if self.width(current) + 1 + self.width(word) <= width {
                current += " " + word
            } else {
                push(current)
                current = word
            }
        }
        if !current.isEmpty { push(current) }
        if overflow, let last = lines.last {
            lines[lines.count - 1] = truncate(last + " …", to: width)
        }
        return lines
    }

    /// Whether the text's first strong character is right-to-left (Hebrew, Arabic, …).
    ///
    /// ```swift
    /// TextMetrics.isRightToLeft("שלום")   // true
    /// ```
    public static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v) { return true }
            if scalar.properties.isAlphabetic { return false }
        }
        return false
    }

    /// The order in which a terminal without bidi support must receive a line so that it reads
    /// correctly: right-to-left lines are reversed grapheme by grapheme.
    ///
    /// ```swift
    /// TextMetrics.visualOrder("אב")   // "בא"
    /// ```
    public static func visualOrder(_ text: String) -> String {
        isRightToLeft(text) ? String(text.reversed()) : text
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        if v == 0x200B || v == 0x200C || v == 0x200D || v == 0x2060 || (0xFE00...0xFE0F).contains(v) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x231A...0x231B).contains(v) || (0x2E80...0x303E).contains(v)
            || (0x3041...0x33FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xA000...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
            || (0x20000...0x3FFFD).contains(v)
    }
}
