/// Turning drafts into cards: sanitising, limits, colours, and unique stable ids.
extension DeckLoader {
    static func makeCards(_ drafts: [CardDraft], fileName: String, format: DeckFormat,
                          limits: DeckLimits) throws(DeckLoadError) -> [Card] {
        guard !drafts.isEmpty else {
            throw DeckLoadError(file: fileName, message: "no cards; a deck needs at least one", format: format)
        }
        guard drafts.count <= limits.maxCards else {
            throw DeckLoadError(
                file: fileName,
                message: "\(drafts.count) cards, more than the limit of \(limits.maxCards)", format: format)
        }
        var cards: [Card] = []
        var explicitIDs: [String: Int] = [:]  // id → record that used it first
        var hasExplicitID: [Bool] = []
        for draft in drafts {
            func fail(_ field: DraftField, item: Int? = nil, _ message: String) -> DeckLoadError {
                DeckLoadError(file: fileName, line: draft.line, record: draft.record,
                              field: field.name(in: format, item: item), message: message, format: format)
            }
            func checkLength(_ text: String, _ limit: Int, _ field: DraftField, item: Int? = nil) throws(DeckLoadError) {
                let count = text.count
                if count > limit { throw fail(field, item: item, "too long: \(count) characters, the limit is \(limit)") }
            }
            // Title.
            guard let rawTitle = draft.title else { throw fail(.title, "missing") }
            let title = trimmed(TextSanitizer.clean(rawTitle))
            guard !title.isEmpty else { throw fail(.title, "empty") }
            try checkLength(title, limits.maxTitleLength, .title)
            // Id.
            let id = trimmed(TextSanitizer.clean(draft.id ?? ""))
            try checkLength(id, limits.maxIDLength, .id)
            if !id.isEmpty {
                if let first = explicitIDs[id] {
                    throw fail(.id, "duplicate id \"\(id)\" (also used by \(DeckLoadError.recordName(first, format: format)))")
                }
                explicitIDs[id] = draft.record
            }
            hasExplicitID.append(!id.isEmpty)
            // Body.
            let body = trimmed(TextSanitizer.cleanMultiline(draft.body ?? ""))
            try checkLength(body, limits.maxBodyLength, .body)
            // Tags.
            var tags: [String] = []
            for (i, rawTag) in draft.tags.enumerated() {
                let tag = trimmed(TextSanitizer.clean(rawTag))
                guard !tag.isEmpty else { continue }
                try checkLength(tag, limits.maxTagLength, .tags, item: i)
                tags.append(tag)
            }
            if tags.count > limits.maxTags { throw fail(.tags, "\(tags.count) tags, the limit is \(limits.maxTags)") }
            // Image.
            let glyphText = trimmed(TextSanitizer.clean(draft.glyph ?? ""))
            if glyphText.count > 1 { throw fail(.glyph, "expected a single character, got \"\(glyphText)\"") }
            var color: RGBColor?
            let colorText = trimmed(draft.color ?? "")
            if !colorText.isEmpty {
                guard let parsed = RGBColor(hex: colorText) else {
                    throw fail(.color, "expected a colour like \"#ff8000\", got \"\(TextSanitizer.clean(colorText))\"")
                }
                color = parsed
            }
            var art: [String] = []
            for (i, rawLine) in draft.art.enumerated() {
                var line = TextSanitizer.clean(rawLine)
                while line.last?.isWhitespace == true { line.removeLast() }
                try checkLength(line, limits.maxArtLineLength, .art, item: i)
                art.append(line)
            }
            while art.last?.isEmpty == true { art.removeLast() }
            if art.count > limits.maxArtLines { throw fail(.art, "\(art.count) lines, the limit is \(limits.maxArtLines)") }
            let image = CardImage(glyph: glyphText.isEmpty ? nil : glyphText, art: art, color: color)
            // Picture: only the name; the server reads and checks the file.
            var picture: CardPicture?
            let pictureText = trimmed(draft.picture ?? "")
            if !pictureText.isEmpty {
                if let problem = CardPicture.problem(with: pictureText) { throw fail(.picture, problem) }
                picture = CardPicture(file: pictureText)
            }
            cards.append(Card(id: CardID(id), title: title, body: body, tags: tags, image: image, picture: picture))
        }
        // Generated ids: a slug of the title, made unique against every id in the file.
        var used = Set(explicitIDs.keys)
        for index in cards.indices where !hasExplicitID[index] {
            let base = slug(cards[index].title) ?? "card-\(index + 1)"
            var candidate = base
            var suffix = 2
            while used.contains(candidate) {
                candidate = "\(base)-\(suffix)"
                suffix += 1
            }
            used.insert(candidate)
            cards[index].id = CardID(candidate)
        }
        return cards
    }

    /// A lowercase ASCII slug of `title` (letters and digits, runs of anything else as one `-`,
    /// at most 48 characters), or nil when the title has no ASCII letters or digits.
    ///
    /// ```swift
    /// DeckLoader.slug("Crouching Tiger, Hidden Dragon")   // "crouching-tiger-hidden-dragon"
    /// DeckLoader.slug("東京")                             // nil
    /// ```
    public static func slug(_ title: String) -> String? {
        var result = ""
        var pendingDash = false
        for scalar in title.unicodeScalars {
            let v = scalar.value
            let isAlnum = (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
            if isAlnum {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(Unicode.Scalar(UInt8(v | ((0x41...0x5A).contains(v) ? 0x20 : 0))))
                if result.count >= 48 { break }
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? nil : result
    }

    static func trimmed(_ s: String) -> String { TextSanitizer.trimmed(s) }
}
