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
/// PictureColours(terminalColours: 0x1000000)   // .truecolor
/// PictureColours(terminalColours: 256)         // .palette256
/// PictureColours(terminalColours: 0)           // .none
/// ```
public enum PictureColours: Hashable, Sendable {
    case truecolor, palette256, none

    /// From the colours the painter can put on the screen (`TerminalSession.colours`): 24-bit only
    /// when curses runs a direct-colour entry, since anything else would be mapped down to the
    /// palette after chafa had picked its symbols for 24-bit colours.
    public init(terminalColours: Int) {
        if terminalColours >= 0x1000000 {
            self = .truecolor
        } else if terminalColours >= 8 {
            self = .palette256
        } else {
            self = .none
        }
    }
}
