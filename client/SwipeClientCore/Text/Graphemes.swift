import CUTF8Proc

/// Grapheme clusters and their terminal widths from utf8proc (the library tmux uses), so the
/// client measures text as the terminal will draw it: a cluster is as wide as its first code
/// point (a ZWJ sequence or a skin-toned emoji as wide as its base emoji, 🏜 one column even with
/// U+FE0F, as tmux and ncurses count it).
///
/// ```swift
/// Graphemes.clusters("👩‍👩‍👧 a")   // ["👩‍👩‍👧", " ", "a"]
/// Graphemes.width("👍🏽")           // 2
/// Graphemes.width("🏜️")            // 1
/// ```
public enum Graphemes {
    /// Whether this terminal draws an emoji skin-tone modifier (U+1F3FB…U+1F3FF) as a glyph of its
    /// own, two columns wide (tmux 3.3 does; the client probes the terminal at start, see
    /// `TerminalProbe`). Then a skin-toned emoji is kept as two cells, base and tone, so every
    /// column after it is where the terminal puts it. Bound for the client's run with
    /// `Graphemes.$splitsSkinTones.withValue(true) { … }`.
    ///
    /// ```swift
    /// Graphemes.$splitsSkinTones.withValue(true) { Graphemes.clusters("👍🏽") }   // ["👍", "🏽"]
    /// ```
    @TaskLocal public static var splitsSkinTones = false

    /// Whether `value` is an emoji skin-tone modifier.
    static func isSkinTone(_ value: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(value) }

    /// The extended grapheme clusters of `text`, in order (utf8proc's segmentation).
    ///
    /// ```swift
    /// Graphemes.clusters("e\u{301}x")   // ["é", "x"]
    /// ```
    public static func clusters(_ text: String) -> [String] {
        var clusters: [String] = []
        var current = String.UnicodeScalarView()
        var state: utf8proc_int32_t = 0
        var previous: Unicode.Scalar?
        let splitTones = splitsSkinTones
        for scalar in text.unicodeScalars {
            if let previous, utf8proc_grapheme_break_stateful(Int32(previous.value), Int32(scalar.value), &state)
                || (splitTones && isSkinTone(scalar.value)) {
                clusters.append(String(current))
                current = String.UnicodeScalarView()
            }
            current.append(scalar)
            previous = scalar
        }
        if !current.isEmpty { clusters.append(String(current)) }
        return clusters
    }

    /// Columns one cluster takes: its first code point's width (0, 1 or 2); controls count 0.
    /// Where the terminal splits skin tones, each tone adds its own two columns.
    ///
    /// ```swift
    /// Graphemes.width(of: "字")   // 2
    /// ```
    public static func width(of cluster: some StringProtocol) -> Int {
        guard let first = cluster.unicodeScalars.first else { return 0 }
        if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { return 0 }
        let base = max(0, Int(utf8proc_charwidth(Int32(first.value))))
        guard splitsSkinTones else { return base }
        return base + 2 * cluster.unicodeScalars.dropFirst().count { isSkinTone($0.value) }
    }

    /// Columns a whole text takes.
    ///
    /// ```swift
    /// Graphemes.width("a👩‍👩‍👧b")   // 4
    /// ```
    public static func width(_ text: String) -> Int {
        clusters(text).reduce(0) { $0 + width(of: $1) }
    }
}
