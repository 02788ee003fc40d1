extension Frame {
    /// Draws a filled box with a border (double lines when `heavy`) and an optional title.
    mutating func box(row: Int, column: Int, rows: Int, columns: Int, style: CellStyle, heavy: Bool = false,
                      title: String? = nil, titleStyle: CellStyle? = nil) {
        guard rows >= 2, columns >= 2 else { return }
        let (tl, tr, bl, br, h, v): (Character, Character, Character, Character, Character, Character) =
            heavy ? ("╔", "╗", "╚", "╝", "═", "║") : ("╭", "╮", "╰", "╯", "─", "│")
        fill(row: row, column: column, rows: rows, columns: columns, style: style)
        for x in (column + 1)..<(column + columns - 1) {
            put(h, row: row, column: x, style: style)
            put(h, row: row + rows - 1, column: x, style: style)
        }
        for y in (row + 1)..<(row + rows - 1) {
            put(v, row: y, column: column, style: style)
            put(v, row: y, column: column + columns - 1, style: style)
        }
        put(tl, row: row, column: column, style: style)
        put(tr, row: row, column: column + columns - 1, style: style)
        put(bl, row: row + rows - 1, column: column, style: style)
        put(br, row: row + rows - 1, column: column + columns - 1, style: style)
        if let title, columns > 6 {
            let text = " " + TextMetrics.truncate(title, to: columns - 6) + " "
            write(text, row: row, column: column + 2, style: titleStyle ?? style)
        }
    }

    /// Writes text centred between `column` and `column + width`.
    mutating func centred(_ text: String, row: Int, column: Int, width: Int, style: CellStyle) {
        let t = TextMetrics.truncate(text, to: width)
        write(t, row: row, column: column + max(0, (width - TextMetrics.width(t)) / 2), style: style, maxColumn: column + width)
    }
}
