/// Why a deck file could not be loaded, and exactly where. Its description reads like a compiler
/// diagnostic:
///
/// - CSV: `movies.csv:4: record 3, field "color": expected a colour like "#ff8000", got "orange"`
///   (`line` is the file line the record starts on; `record` counts data records from 1, the
///   header excluded; `field` is the column name).
/// - Text and Markdown lists: `lunch.txt:7: option 5, field "title": too long: 230 characters, the limit is 200`
///   (`record` counts options from 1, comments and blank lines excluded).
/// - JSON: `movies.json: cards[2].title: missing` (`record` is the 0-based index into `cards`,
///   as in the path; `field` is the path inside the card, e.g. `image.color` or `tags[1]`).
///   Malformed JSON gives `line` and `column`.
///
/// ```swift
/// do {
///     _ = try DeckLoader.parse(bytes, fileName: "movies.csv")
/// } catch {
///     print(error)   // movies.csv:4: record 3, field "color": expected a colour like "#ff8000", got "orange"
/// }
/// ```
public struct DeckLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name as given to the loader.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column (malformed JSON only), when known.
    public var column: Int?
    /// The record: 1-based data record for CSV, 1-based option for lists, 0-based `cards` index for JSON.
    public var record: Int?
    /// The column name (CSV) or path within the card or file (JSON).
    public var field: String?
    /// What was wrong.
    public var message: String
    /// Which format's conventions `record` and `field` follow; nil before the format is known.
    public var format: DeckFormat?

    /// Creates an error.
    ///
    /// ```swift
    /// let error = DeckLoadError(file: "m.csv", line: 2, record: 1, field: "title", message: "empty", format: .csv)
    /// error.description   // m.csv:2: record 1, field "title": empty
    /// ```
    public init(file: String, line: Int? = nil, column: Int? = nil, record: Int? = nil,
                field: String? = nil, message: String, format: DeckFormat? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.record = record
        self.field = field
        self.message = message
        self.format = format
    }

    /// `file[:line[:column]]: [where: ]message`.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        text += ": "
        if let place = placeDescription { text += place + ": " }
        return text + message
    }

    /// How a record is named in messages: `record 3` (CSV), `option 3` (lists) or `cards[2]` (JSON).
    ///
    /// ```swift
    /// DeckLoadError.recordName(2, format: .json)   // "cards[2]"
    /// ```
    public static func recordName(_ record: Int, format: DeckFormat?) -> String {
        switch format {
        case .json?: return "cards[\(record)]"
        case .text?, .markdown?: return "option \(record)"
        case .csv?, nil: return "record \(record)"
        }
    }

    private var placeDescription: String? {
        switch format {
        case .json?:
            switch (record, field) {
            case let (record?, field?): return Self.recordName(record, format: .json) + (field.hasPrefix("[") ? "" : ".") + field
            case let (record?, nil): return Self.recordName(record, format: .json)
            case let (nil, field?): return field
            case (nil, nil): return nil
            }
        case .csv?, .text?, .markdown?, nil:
            switch (record, field) {
            case let (record?, field?): return Self.recordName(record, format: format) + ", field \"\(field)\""
            case let (record?, nil): return Self.recordName(record, format: format)
            case let (nil, field?): return "field \"\(field)\""
            case (nil, nil): return nil
            }
        }
    }
}
