/// A card's raw fields as read from a file, before sanitising and validation, with where it came
/// from. Internal to the loader.
struct CardDraft {
    /// The card's place: its file line (CSV) and record number.
    var line: Int?
    var record: Int
    var id: String?
    var title: String?
    var body: String?
    var tags: [String] = []
    var glyph: String?
    var color: String?
    var art: [String] = []
    var picture: String?
}

/// The names the loader's messages use for a card's fields, per format.
enum DraftField {
    case id, title, body, tags, glyph, color, art, picture

    func name(in format: DeckFormat, item: Int? = nil) -> String {
        switch format {
        case .csv, .text, .markdown:
            switch self {
            case .id: return "id"
            case .title: return "title"
            case .body: return "body"
            case .tags: return "tags"
            case .glyph: return "glyph"
            case .color: return "color"
            case .art: return "art"
            case .picture: return "picture"
            }
        case .json:
            let suffix = item.map { "[\($0)]" } ?? ""
            switch self {
            case .id: return "id"
            case .title: return "title"
            case .body: return "body"
            case .tags: return "tags" + suffix
            case .glyph: return "image.glyph"
            case .color: return "image.color"
            case .art: return "image.art" + suffix
            case .picture: return "picture"
            }
        }
    }
}
