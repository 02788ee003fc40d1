import Foundation  // JSONSerialization only: parsing deck files from bytes.

/// The JSON deck format.
extension DeckLoader {
    /// Parses a JSON deck (see ``DeckLoader``): an object with `cards` (and optional `name`,
    /// `title`), or a bare array of cards. Malformed JSON is reported with line and column.
    ///
    /// ```swift
    /// let json = #"[{"title":"東京"},{"title":"مرحبا","tags":["ar"]}]"#
    /// let file = try DeckLoader.parseJSON(Array(json.utf8), fileName: "cities.json")
    /// file.cards.map(\.id)   // ["card-1", "card-2"]
    /// ```
    public static func parseJSON(_ bytes: [UInt8], fileName: String, limits: DeckLimits = .standard) throws(DeckLoadError) -> DeckFile {
        let text = try decodeText(bytes, fileName: fileName, format: .json)
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw malformed(error, text: text, fileName: fileName)
        }
        var reader = JSONReader(fileName: fileName)
        var name = deckName(forFileName: fileName)
        var title: String?
        let cardValues: [Any]
        if let array = root as? [Any] {
            cardValues = array
        } else if let object = root as? [String: Any] {
            try reader.rejectUnknownKeys(object, allowed: ["name", "title", "cards"], record: nil, path: nil)
            if let value = try reader.string(object["name"], record: nil, field: "name") {
                let cleaned = trimmed(TextSanitizer.clean(value))
                if cleaned.count > limits.maxNameLength {
                    throw reader.fail(nil, "name", "too long: \(cleaned.count) characters, the limit is \(limits.maxNameLength)")
                }
                if !cleaned.isEmpty { name = cleaned }
            }
            if let value = try reader.string(object["title"], record: nil, field: "title") {
                let cleaned = trimmed(TextSanitizer.clean(value))
                if cleaned.count > limits.maxNameLength {
                    throw reader.fail(nil, "title", "too long: \(cleaned.count) characters, the limit is \(limits.maxNameLength)")
                }
                title = cleaned.isEmpty ? nil : cleaned
            }
            guard let cards = object["cards"] else { throw reader.fail(nil, "cards", "missing") }
            guard let array = cards as? [Any] else {
                throw reader.fail(nil, "cards", "expected an array of cards, got \(JSONReader.kind(cards))")
            }
            cardValues = array
        } else {
            throw DeckLoadError(file: fileName, message: "expected an object with \"cards\" or an array of cards, got \(JSONReader.kind(root))", format: .json)
        }
        if cardValues.count > limits.maxCards {
            throw DeckLoadError(file: fileName, message: "\(cardValues.count) cards, more than the limit of \(limits.maxCards)", format: .json)
        }
        var drafts: [CardDraft] = []
        for (index, value) in cardValues.enumerated() {
            drafts.append(try reader.draft(value, index: index))
        }
        let cards = try makeCards(drafts, fileName: fileName, format: .json, limits: limits)
        return DeckFile(name: name, title: title, cards: cards)
    }

    /// Foundation reports "around character N" (a UTF-8 byte offset); turn it into line:column.
    private static func malformed(_ error: Error, text: String, fileName: String) -> DeckLoadError {
        let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        let utf8 = Array(text.utf8)
        var line: Int?
        var column: Int?
        if let range = detail.range(of: "character "),
           let offset = Int(detail[range.upperBound...].prefix(while: \.isNumber)), offset <= utf8.count {
            var l = 1
            var lineStart = 0
            for i in 0..<offset where utf8[i] == 0x0A {
                l += 1
                lineStart = i + 1
            }
            line = l
            column = String(decoding: utf8[lineStart..<offset], as: UTF8.self).count + 1
        } else if detail.localizedCaseInsensitiveContains("end of file") || detail.localizedCaseInsensitiveContains("end of data") {
            line = text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        }
        let reason = detail.isEmpty ? "invalid JSON" : "invalid JSON: " + trimmed(detail)
        return DeckLoadError(file: fileName, line: line, column: column, message: reason, format: .json)
    }
}

/// Reads typed values out of `JSONSerialization` output with precise error paths.
private struct JSONReader {
    var fileName: String

    func fail(_ record: Int?, _ field: String?, _ message: String) -> DeckLoadError {
        DeckLoadError(file: fileName, record: record, field: field, message: message, format: .json)
    }

    static func kind(_ value: Any) -> String {
        if value is String { return "a string" }
        if value is [Any] { return "an array" }
        if value is [String: Any] { return "an object" }
        if value is NSNull { return "null" }
        if String(describing: type(of: value)).contains("Boolean") { return "a boolean" }
        return "a number"
    }

    /// A string, nil when absent or null, an error for any other type.
    func string(_ value: Any?, record: Int?, field: String) throws(DeckLoadError) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw fail(record, field, "expected a string, got \(Self.kind(value))") }
        return text
    }

    /// An array of strings (a single string is one element), empty when absent or null.
    func strings(_ value: Any?, record: Int?, field: String) throws(DeckLoadError) -> [String] {
        guard let value, !(value is NSNull) else { return [] }
        if let text = value as? String { return [text] }
        guard let array = value as? [Any] else {
            throw fail(record, field, "expected an array of strings, got \(Self.kind(value))")
        }
        var result: [String] = []
        for (i, element) in array.enumerated() {
            guard let text = element as? String else {
                throw fail(record, "\(field)[\(i)]", "expected a string, got \(Self.kind(element))")
            }
            result.append(text)
        }
        return result
    }

    func rejectUnknownKeys(_ object: [String: Any], allowed: [String], record: Int?, path: String?) throws(DeckLoadError) {
        guard let unknown = object.keys.filter({ !allowed.contains($0) }).sorted().first else { return }
        let field = (path.map { $0 + "." } ?? "") + TextSanitizer.clean(unknown)
        throw fail(record, field, "unknown field; expected one of \(allowed.joined(separator: ", "))")
    }

    mutating func draft(_ value: Any, index: Int) throws(DeckLoadError) -> CardDraft {
        guard let object = value as? [String: Any] else {
            throw fail(index, nil, "expected a card object, got \(Self.kind(value))")
        }
        try rejectUnknownKeys(object, allowed: ["id", "title", "body", "tags", "image", "picture"], record: index, path: nil)
        var draft = CardDraft(line: nil, record: index)
        if let raw = object["id"], Self.kind(raw) == "a number", let id = raw as? Int {
            draft.id = String(id)  // numeric ids are accepted as their decimal text
        } else {
            draft.id = try string(object["id"], record: index, field: "id")
        }
        draft.title = try string(object["title"], record: index, field: "title")
        draft.body = try string(object["body"], record: index, field: "body")
        draft.tags = try strings(object["tags"], record: index, field: "tags")
        draft.picture = try string(object["picture"], record: index, field: "picture")
        if let image = object["image"], !(image is NSNull) {
            guard let imageObject = image as? [String: Any] else {
                throw fail(index, "image", "expected an object with glyph, art, color, got \(Self.kind(image))")
            }
            try rejectUnknownKeys(imageObject, allowed: ["glyph", "art", "color"], record: index, path: "image")
            draft.glyph = try string(imageObject["glyph"], record: index, field: "image.glyph")
            draft.color = try string(imageObject["color"], record: index, field: "image.color")
            draft.art = try strings(imageObject["art"], record: index, field: "image.art")
        }
        return draft
    }
}
