/// When two options are the same: their titles compared ignoring case and spacing, so "Thai food",
/// "thai  food" and " THAI FOOD " are one option. Deck lists refuse a title given twice, and a room
/// refuses a proposal whose title its deck or another proposal already has.
///
/// ```swift
/// OptionTitle.key("  Thai   Food ") == OptionTitle.key("thai food")   // true
/// ```
public enum OptionTitle {
    /// The title lowercased, with every run of white space as one space and none at either end.
    ///
    /// ```swift
    /// OptionTitle.key("Pad\tThai")   // "pad thai"
    /// ```
    public static func key(_ title: String) -> String {
        title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
