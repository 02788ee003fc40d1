extension DisplayWidth {
    /// Word-wraps `s` into lines of at most `width` columns. Breaks at spaces (runs of spaces
    /// collapse) and at `\n`; a word wider than a line is broken between characters, never inside
    /// a grapheme cluster. When `maxLines` is given and the text needs more, the last line ends
    /// in "…". A character wider than `width` (a 2-column character with `width` 1) gets a line
    /// of its own. `width` ≤ 0 or `maxLines` ≤ 0 gives no lines.
    ///
    /// ```swift
    /// DisplayWidth.wrap("Sand, spice, destiny.", width: 12, maxLines: nil)
    /// // ["Sand, spice,", "destiny."]
    /// DisplayWidth.wrap("supercalifragilistic", width: 8, maxLines: 2)
    /// // ["supercal", "ifragil…"]
    /// ```
    /// `measure` gives a text's columns (a client passes the terminal's measure, e.g. utf8proc's).
    public static func wrap(_ s: String, width: Int, maxLines: Int?, measure: (String) -> Int = { of($0) }) -> [String] {
        guard width > 0 else { return [] }
        if let maxLines, maxLines <= 0 { return [] }
        var lines: [String] = []
        for paragraph in s.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(contentsOf: wrapParagraph(paragraph, width: width, measure: measure))
        }
        guard let maxLines, lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines))
        let last = kept[maxLines - 1]
        // Mark the cut: room for the ellipsis on the last kept line.
        kept[maxLines - 1] = truncate(last + " " + lines[maxLines], toWidth: width, measure: measure)
        if !kept[maxLines - 1].hasSuffix("…") {
            kept[maxLines - 1] = truncate(last, toWidth: max(1, width - 1), ellipsis: "", measure: measure) + "…"
        }
        return kept
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int, measure: (String) -> Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        func flush() {
            lines.append(line)
            line = ""
            lineWidth = 0
        }
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = measure(String(word))
            let separator = lineWidth > 0 ? 1 : 0
            if lineWidth + separator + wordWidth <= width {
                if separator == 1 { line.append(" ") }
                line += word
                lineWidth += separator + wordWidth
                continue
            }
            if wordWidth <= width {
                flush()
                line = String(word)
                lineWidth = wordWidth
                continue
            }
            // A word longer than a line: fill the current line, then hard-break.
            if lineWidth > 0 {
                if lineWidth + 2 <= width {
                    line.append(" ")
                    lineWidth += 1
                } else {
                    flush()
                }
            }
            for character in word {
                let w = measure(String(character))
                if lineWidth + w > width && lineWidth > 0 { flush() }
                line.append(character)
                lineWidth += w
            }
        }
        if lineWidth > 0 || lines.isEmpty { flush() }
        return lines
    }
}
