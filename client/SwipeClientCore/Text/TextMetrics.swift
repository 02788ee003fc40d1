import SwipeCore

/// How wide text is on a terminal, and how to make network text safe to draw: the one place
/// the client measures text (with utf8proc, through `Graphemes`) and calls SwipeCore's
/// `DisplayWidth` (wrapping and truncating with that measure), `TextSanitizer` and `TextDirection`.
///
/// ```swift
/// TextMetrics.width("千と千尋")               // 8
/// TextMetrics.clean("a\u{1B}[31mb")        // "a[31mb"
/// TextMetrics.truncate("Amélie", to: 4)    // "Amé…"
/// ```
public enum TextMetrics {
    /// Terminal columns a grapheme occupies: 0, 1 or 2.
    ///
    /// ```swift
    /// TextMetrics.width(Character("字"))   // 2
    /// ```
    public static func width(_ character: Character) -> Int { Graphemes.width(of: String(character)) }

    /// Terminal columns a string occupies.
    ///
    /// ```swift
    /// TextMetrics.width("e\u{301}")   // 1
    /// ```
    public static func width(_ text: String) -> Int { Graphemes.width(text) }

    /// Removes everything that could steer a terminal: controls, ESC, bidi overrides.
    ///
    /// ```swift
    /// TextMetrics.clean("x\u{1B}[2Jy")   // "xy"
    /// ```
    public static func clean(_ text: String) -> String { TextSanitizer.clean(text) }

    /// Cuts `text` to at most `width` columns, ending with `ellipsis` when something was cut.
    ///
    /// ```swift
    /// TextMetrics.truncate("Spirited Away", to: 8)   // "Spirite…"
    /// ```
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        width <= 0 ? "" : DisplayWidth.truncate(text, toWidth: width, ellipsis: ellipsis, measure: Self.width)
    }

    /// Word-wraps into at most `maxLines` lines of at most `width` columns.
    ///
    /// ```swift
    /// TextMetrics.wrap("Sand, spice and destiny", width: 12, maxLines: 2)   // ["Sand, spice", "and destiny"]
    /// ```
    public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        return DisplayWidth.wrap(text, width: width, maxLines: maxLines, measure: Self.width)
    }

    /// Whether the text reads right to left (its first strong character, as FriBidi resolves it).
    ///
    /// ```swift
    /// TextMetrics.isRightToLeft("שלום")   // true
    /// ```
    public static func isRightToLeft(_ text: String) -> Bool { Bidi.isRightToLeft(text) }

    /// One line (already cut or wrapped in logical order) in the order the terminal must receive
    /// it: with `.client`, shaped and reordered by FriBidi (`rightToLeft` forces the paragraph's
    /// direction, nil detects it); with `.terminal`, unchanged.
    ///
    /// ```swift
    /// TextMetrics.visualOrder("אב (12)")                    // "(12) בא"
    /// TextMetrics.visualOrder("אב", mode: .terminal)        // "אב"
    /// ```
    public static func visualOrder(_ text: String, mode: BidiMode = .client, rightToLeft: Bool? = nil) -> String {
        switch mode {
        case .client: return Bidi.visual(text, rightToLeft: rightToLeft).text
        case .terminal: return text
        }
    }
}
