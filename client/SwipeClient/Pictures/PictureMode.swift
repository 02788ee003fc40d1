/// How the client draws card pictures (`--pictures`): `symbols` as coloured cells in the frame
/// (what tests see), `kitty` or `sixel` graphics for the resting top card (cells while it moves),
/// `off` never (the glyph), `auto` by the terminal: see ``resolved(environment:)``.
///
/// ```swift
/// PictureMode.auto.resolved(environment: ["TERM": "xterm-kitty"])            // .kitty
/// PictureMode.auto.resolved(environment: ["TERM": "screen", "TMUX": "/tmp/t"])   // .symbols
/// ```
public enum PictureMode: String, Hashable, Sendable, CaseIterable {
    case auto, kitty, sixel, symbols, off

    /// The mode to use: a named one as it is; `auto` picks kitty graphics for kitty, WezTerm and
    /// Ghostty, sixel for foot, mlterm and terminals whose TERM says sixel, symbols inside tmux
    /// or screen (which pass no graphics on) and everywhere else.
    public func resolved(environment: [String: String]) -> PictureMode {
        guard self == .auto else { return self }
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        if environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") { return .symbols }
        if term.contains("kitty") || program == "wezterm" || program == "ghostty" || term.contains("ghostty") { return .kitty }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term.contains("sixel") { return .sixel }
        return .symbols
    }
}

/// How many colours picture cells use: 24-bit, the 256-colour palette, or none (NO_COLOR: symbols
/// only, in the card's own colours).
///
/// ```swift
/// PictureColours(colour: true, environment: ["COLORTERM": "truecolor"])   // .truecolor
/// ```
public enum PictureColours: Hashable, Sendable {
    case truecolor, palette256, none

    /// From the client's colour setting and COLORTERM.
    public init(colour: Bool, environment: [String: String]) {
        if !colour {
            self = .none
        } else if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") {
            self = .truecolor
        } else {
            self = .palette256
        }
    }
}
