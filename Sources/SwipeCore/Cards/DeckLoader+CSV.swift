/// The CSV deck format.
extension DeckLoader {
    /// The columns a CSV deck may have; `title` is required.
    ///
    /// ```swift
    /// DeckLoader.csvColumns   // ["id", "title", "body", "tags", "glyph", "color", "art", "picture"]
    /// ```
    public static let csvColumns = ["id", "title", "body", "tags", "glyph", "color", "art", "picture"]

    /// Parses a CSV deck (see ``DeckLoader``). The deck's name is the file name without its
    /// extension; CSV decks have no title.
    ///
    /// ```swift
    /// let csv = "id,title,body\ndune,Dune,\"Sand, spice\nand destiny\"\r\n"
    /// let file = try DeckLoader.parseCSV(Array(csv.utf8), fileName: "movies.csv")
    /// file.cards[0].body   // "Sand, spice\nand destiny"
    /// ```
    public static func parseCSV(_ bytes: [UInt8], fileName: String, limits: DeckLimits = .standard) throws(DeckLoadError) -> DeckFile {
        let text = try decodeText(bytes, fileName: fileName, format: .csv)
        let table: CSVTable
        do {
            table = try CSVTable(parsing: text)
        } catch {
            throw DeckLoadError(file: fileName, line: error.line, message: error.message, format: .csv)
        }
        guard let header = table.rows.first else {
            throw DeckLoadError(file: fileName, message: "empty file; expected a header row naming the columns, e.g. \"title,body\"", format: .csv)
        }
        let columns = try readHeader(header, fileName: fileName)
        var drafts: [CardDraft] = []
        for (offset, row) in table.rows.dropFirst().enumerated() {
            let record = offset + 1
            guard row.fields.count == columns.count else {
                throw DeckLoadError(
                    file: fileName, line: row.line, record: record,
                    message: "expected \(columns.count) fields as in the header, got \(row.fields.count)", format: .csv)
            }
            var draft = CardDraft(line: row.line, record: record)
            for (column, value) in zip(columns, row.fields) {
                switch column {
                case .id: draft.id = value
                case .title: draft.title = value
                case .body: draft.body = value
                case .tags: draft.tags = value.split(whereSeparator: { $0 == ";" || $0 == "|" }).map(String.init)
                case .glyph: draft.glyph = value
                case .color: draft.color = value
                case .art: draft.art = splitArt(value)
                case .picture: draft.picture = value
                }
            }
            drafts.append(draft)
        }
        let cards = try makeCards(drafts, fileName: fileName, format: .csv, limits: limits)
        return DeckFile(name: deckName(forFileName: fileName), title: nil, cards: cards)
    }

    private static func readHeader(_ header: CSVTable.Row, fileName: String) throws(DeckLoadError) -> [DraftField] {
        var columns: [DraftField] = []
        for (index, rawName) in header.fields.enumerated() {
            let name = trimmed(rawName).lowercased()
            func fail(_ message: String) -> DeckLoadError {
                DeckLoadError(file: fileName, line: header.line, field: TextSanitizer.clean(rawName), message: message, format: .csv)
            }
            guard !name.isEmpty else {
                throw DeckLoadError(file: fileName, line: header.line,
                                    message: "column \(index + 1) of the header has no name", format: .csv)
            }
            let column: DraftField
            switch name {
            case "id": column = .id
            case "title": column = .title
            case "body": column = .body
            case "tags": column = .tags
            case "glyph": column = .glyph
            case "color": column = .color
            case "art": column = .art
            case "picture": column = .picture
            default:
                throw fail("unknown column; the columns are \(csvColumns.joined(separator: ", "))")
            }
            if columns.contains(column) { throw fail("this column appears twice") }
            columns.append(column)
        }
        guard columns.contains(.title) else {
            throw DeckLoadError(file: fileName, line: header.line,
                                message: "the header has no \"title\" column", format: .csv)
        }
        return columns
    }

    /// Art lines: split on real line breaks, else on the two characters `\n`, else on `|`.
    private static func splitArt(_ value: String) -> [String] {
        guard !value.isEmpty else { return [] }
        let normalized = value.replacingLineBreaks()
        if normalized.contains("\n") { return normalized.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        if normalized.contains("\\n") { return normalized.components(separatedByString: "\\n") }
        return normalized.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }
}

extension String {
    /// CRLF and lone CR as LF.
    fileprivate func replacingLineBreaks() -> String {
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\n" && previousCR { previousCR = false; continue }
            previousCR = scalar == "\r"
            out.append(previousCR ? "\n" : scalar)
        }
        return String(out)
    }

    /// Splits on a separator string (standard library only, no Foundation).
    fileprivate func components(separatedByString separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
