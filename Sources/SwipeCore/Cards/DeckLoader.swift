/// Reads deck files from bytes (the shells read the files): JSON, CSV, a text list or a Markdown
/// list, chosen by extension (``DeckFormat``) or named by the caller.
/// All card text is sanitised with ``TextSanitizer``; ids missing from the file are generated
/// from the title (a lowercase ASCII slug, or `card-N` from the 1-based position), made unique
/// and stable. Every problem is a ``DeckLoadError`` naming the file, line, record and field.
///
/// JSON: `{"name":"movies","title":"Movie night","cards":[{"id":"dune","title":"Dune",
/// "body":"…","tags":["sci-fi"],"image":{"glyph":"🏜","art":["..."],"color":"#c8a060"},
/// "picture":"dune.jpg"}]}`, or a bare array of cards. Unknown keys are errors. `picture` names a
/// PNG or JPEG file relative to the deck file (``CardPicture``); only the name is recorded here.
///
/// CSV (RFC 4180: quoted fields, doubled quotes, embedded commas and newlines, CRLF, BOM): a
/// header row naming some of `id, title, body, tags, glyph, color, art, picture` (`title` required);
/// tags separated by `;` or `|`; art lines separated by a newline, the two characters `\n`, or
/// `|`. Unknown columns are errors.
///
/// Text list (`.txt`): one option per line, `Title`, `Title — body` or `Title | body`; lines
/// starting with `#` are comments, blank lines are ignored. Markdown (`.md`): every bullet (`-`,
/// `*`, `+`, `1.`) is an option written the same way, indented lines below it add to its body, the
/// first `# Heading` is the deck's title and other text is ignored. In both, a title given twice
/// (ignoring case and spacing) is an error.
///
/// ```swift
/// let csv = "title,tags,color\nDune,sci-fi;epic,#c8a060\n\"Crouching Tiger, Hidden Dragon\",wuxia,\n"
/// let file = try DeckLoader.parse(Array(csv.utf8), fileName: "movies.csv")
/// file.cards.map(\.id)   // ["dune", "crouching-tiger-hidden-dragon"]
/// ```
public enum DeckLoader {
    /// Parses a deck file in `format`, or when that is nil in the format the extension of
    /// `fileName` names (any case). An unknown extension is an error naming the file and the
    /// accepted extensions.
    ///
    /// ```swift
    /// let file = try DeckLoader.parse(bytes, fileName: "decks/movies.json")
    /// let piped = try DeckLoader.parse(bytes, fileName: "standard input", format: .text)
    /// ```
    public static func parse(_ bytes: [UInt8], fileName: String, format: DeckFormat? = nil,
                             limits: DeckLimits = .standard) throws(DeckLoadError) -> DeckFile {
        guard let format = format ?? DeckFormat(fileName: fileName) else {
            throw DeckLoadError(
                file: fileName,
                message: "unsupported file type; a deck file must end in \(DeckFormat.extensionList)")
        }
        switch format {
        case .json: return try parseJSON(bytes, fileName: fileName, limits: limits)
        case .csv: return try parseCSV(bytes, fileName: fileName, limits: limits)
        case .text: return try parseTextList(bytes, fileName: fileName, limits: limits)
        case .markdown: return try parseMarkdownList(bytes, fileName: fileName, limits: limits)
        }
    }

    /// The deck name implied by a file name: its last path component without the extension.
    ///
    /// ```swift
    /// DeckLoader.deckName(forFileName: "decks/movies.csv")   // "movies"
    /// ```
    public static func deckName(forFileName fileName: String) -> String {
        let last = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }

    /// Decodes UTF-8 (dropping a leading byte-order mark); invalid bytes are an error giving
    /// the line and byte offset.
    static func decodeText(_ bytes: [UInt8], fileName: String, format: DeckFormat) throws(DeckLoadError) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var scalars = String.UnicodeScalarView()
        var decoder = UTF8()
        var iterator = body.makeIterator()
        var offset = body.startIndex
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += scalar.utf8.count
                if scalar == "\n" { line += 1 }
            case .emptyInput:
                return String(scalars)
            case .error:
                let byte = offset < bytes.endIndex ? bytes[offset] : 0
                let hex = String(byte, radix: 16, uppercase: true)
                throw DeckLoadError(
                    file: fileName, line: line,
                    message: "not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset)); save the file as UTF-8",
                    format: format)
            }
        }
    }
}
