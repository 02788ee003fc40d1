import SwipeCore

/// Where a card's content goes, in the card's own rows and columns: an image area on top, then
/// the title, the wrapped body, and the tags on the last inner row. Network text is cleaned;
/// text is cut and wrapped in logical order, then each line is shaped and put in visual order
/// (FriBidi, unless the terminal does it: `bidi`), and right-to-left body lines are right-aligned.
struct ContentMetrics {
    /// Card size in whole cells.
    let columns: Int
    let rows: Int
    /// Rows of the image area (0 when the card has no image).
    let imageRows: Int
    /// The image area as a range of local y (points).
    let imageBand: Range<Double>
    let pointsPerColumn: Double
    let bidi: BidiMode

    enum Role { case image, title, body, tags }

    struct Line {
        var role: Role
        var row: Int
        var column: Int
        var text: String
    }

    /// `picture`: the card has a picture to draw (a larger image area, the same before it arrives).
    init(rect: Rect, pointsPerColumn s: Double, image: CardImage, bidi: BidiMode = .client, picture: Bool = false) {
        pointsPerColumn = s
        self.bidi = bidi
        columns = max(0, Int(rect.width / s))
        rows = max(0, Int(rect.height / (2 * s)))
        let wanted = image.isEmpty ? 0 : max(image.art.count + 2, 3)
        imageRows = picture ? max(3, rows * 2 / 5) : image.isEmpty ? 0 : min(wanted, max(0, rows / 3))
        imageBand = (2 * s)..<(Double(1 + imageRows) * 2 * s)
    }

    var innerWidth: Int { max(0, columns - 4) }

    /// The longest line of body and tags (a readable measure: on a big card the body wraps into
    /// more lines in a centred column instead of one line across the whole card).
    static let maxTextWidth = 44

    /// The body's and tags' width and first column.
    var textWidth: Int { min(innerWidth, Self.maxTextWidth) }
    var textColumn: Int { 2 + (innerWidth - textWidth) / 2 }

    func lines(for card: Card) -> [Line] {
        var out: [Line] = []
        let width = innerWidth
        guard width > 0, rows >= 4 else { return out }
        func centred(_ text: String, row: Int, role: Role) {
            let t = TextMetrics.visualOrder(TextMetrics.truncate(TextMetrics.clean(text), to: width), mode: bidi)
            out.append(Line(role: role, row: row, column: 2 + (width - TextMetrics.width(t)) / 2, text: t))
        }
        if imageRows > 0 {
            let art = card.image.art.prefix(max(0, imageRows - 2)).map { TextMetrics.clean($0) }
            if !art.isEmpty {
                let top = 1 + (imageRows - art.count) / 2
                for (i, line) in art.enumerated() { centred(line, row: top + i, role: .image) }
            } else if let glyph = card.image.glyph {
                centred(glyph, row: 1 + imageRows / 2, role: .image)
            }
        }
        let titleRow = 1 + imageRows + (imageRows > 0 ? 1 : 1)
        centred(card.title, row: titleRow, role: .title)
        let tagsRow = rows - 2
        let bodyTop = titleRow + 2
        let bodyRows = max(0, tagsRow - 1 - bodyTop)
        let body = TextMetrics.clean(card.body)
        let rtl = TextMetrics.isRightToLeft(body)
        let measure = textWidth, left = textColumn
        for (i, line) in TextMetrics.wrap(body, width: measure, maxLines: bodyRows).enumerated() {
            // Every line of the paragraph takes the paragraph's direction.
            let visual = TextMetrics.visualOrder(line, mode: bidi, rightToLeft: rtl)
            let column = rtl ? left + measure - TextMetrics.width(visual) : left
            out.append(Line(role: .body, row: bodyTop + i, column: column, text: visual))
        }
        if !card.tags.isEmpty, tagsRow > titleRow {
            // Each tag is ordered on its own (a "#1976" after an Arabic tag would join its run), and
            // whole tags are kept while they fit.
            var tags = ""
            for tag in card.tags {
                let text = "#" + TextMetrics.visualOrder(TextMetrics.truncate(TextMetrics.clean(tag), to: max(1, measure - 1)), mode: bidi)
                let separator = tags.isEmpty ? "" : " "
                if TextMetrics.width(tags) + TextMetrics.width(separator + text) > measure {
                    if tags.isEmpty { tags = TextMetrics.truncate(text, to: measure) }
                    break
                }
                tags += separator + text
            }
            out.append(Line(role: .tags, row: tagsRow, column: left, text: tags))
        }
        return out
    }
}
