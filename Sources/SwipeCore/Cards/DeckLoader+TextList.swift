/// The plain text list format: one option per line.
extension DeckLoader {
    /// Parses a text list (see ``DeckLoader``): each line that is neither blank nor a `#` comment
    /// is an option, `Title`, `Title — body` or `Title | body`. The deck is named after the file
    /// and has no title.
    ///
    /// ```swift
    /// let text = "# where to eat\nPho — Vietnamese noodle soup\n\nTacos | al pastor\nPizza\n"
    /// let file = try DeckLoader.parseTextList(Array(text.utf8), fileName: "lunch.txt")
    /// file.cards.map(\.title)   // ["Pho", "Tacos", "Pizza"]
    /// file.cards[0].body        // "Vietnamese noodle soup"
    /// ```
    public static func parseTextList(_ bytes: [UInt8], fileName: String, limits: DeckLimits = .standard) throws(DeckLoadError) -> DeckFile {
        let text = try decodeText(bytes, fileName: fileName, format: .text)
        var drafts: [CardDraft] = []
        for (offset, rawLine) in listLines(text).enumerated() {
            let line = trimmed(String(rawLine))
            if line.isEmpty || line.hasPrefix("#") { continue }
            let (title, body) = splitOption(Substring(line))
            drafts.append(CardDraft(line: offset + 1, record: drafts.count + 1, title: title, body: body))
        }
        guard !drafts.isEmpty else {
            throw DeckLoadError(file: fileName, message: "no options; write one per line, e.g. \"Pho — Vietnamese noodle soup\"", format: .text)
        }
        let cards = try listCards(drafts, fileName: fileName, format: .text, limits: limits)
        return DeckFile(name: deckName(forFileName: fileName), title: nil, cards: cards)
    }

    /// An option's text split at its first `—` or `|` into a title and a body (nil when there is
    /// no separator), both trimmed.
    ///
    /// ```swift
    /// DeckLoader.splitOption("Pho — noodle soup")   // ("Pho", "noodle soup")
    /// DeckLoader.splitOption("Spider-Man")          // ("Spider-Man", nil)
    /// ```
    public static func splitOption(_ text: Substring) -> (title: String, body: String?) {
        guard let separator = text.firstIndex(where: { $0 == "—" || $0 == "|" }) else {
            return (trimmed(String(text)), nil)
        }
        let body = trimmed(String(text[text.index(after: separator)...]))
        return (trimmed(String(text[..<separator])), body.isEmpty ? nil : body)
    }

    /// A file's lines, without their line breaks (LF, CRLF or a lone CR), numbered from 1 by position.
    static func listLines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }

    /// `makeCards` for a list: the same checks, and a title given twice is an error at its second line.
    static func listCards(_ drafts: [CardDraft], fileName: String, format: DeckFormat, limits: DeckLimits) throws(DeckLoadError) -> [Card] {
        let cards = try makeCards(drafts, fileName: fileName, format: format, limits: limits)
        var firstLine: [String: Int] = [:]
        for (card, draft) in zip(cards, drafts) {
            let key = OptionTitle.key(card.title)
            if let first = firstLine[key] {
                throw DeckLoadError(file: fileName, line: draft.line, record: draft.record, field: "title",
                                    message: "\"\(card.title)\" is already an option (line \(first)); each title once", format: format)
            }
            firstLine[key] = draft.line ?? 0
        }
        return cards
    }
}
