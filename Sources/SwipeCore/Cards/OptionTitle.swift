/// When two options are the same: their titles compared ignoring case and white space, so
/// "Pad Thai", "PadThai", "pad  thai" and " PAD THAI " are one option ("Pad-Thai" is another: only
/// case and white space are ignored). Deck lists refuse a title given twice, and a room refuses a
/// proposal whose title its deck or another proposal already has. White space is ignored
/// altogether rather than collapsed: a missed duplicate splits the group's likes between two
/// cards without anyone noticing, while a refused one names the option it clashes with.
///
/// ```swift
/// OptionTitle.key("Pad Thai") == OptionTitle.key("padthai")   // true
/// ```
public enum OptionTitle {
    /// The title lowercased, with every white-space character removed.
    ///
    /// ```swift
    /// OptionTitle.key("Pad\tThai")   // "padthai"
    /// ```
    public static func key(_ title: String) -> String {
        title.lowercased().split(whereSeparator: \.isWhitespace).joined()
    }
}
