/// How the client draws card pictures (`--pictures`): `symbols` as coloured cells in the frame
/// (what tests see), `kitty` or `sixel` graphics for the resting top card (cells while it moves),
/// `off` never (the glyph), `auto` by the terminal: see ``resolved(environment:)``.
///
/// ```swift
/// PictureMode.auto.resolved(environment: ["TERM": "xterm-kitty"])            // .kitty
/// PictureMode.auto.resolved(environment: ["TERM": "screen", "TMUX": "/tmp/t"])   // .symbols
/// PictureMode.auto.resolved(environment: ["TERM": "xterm"], graphics: .sixel)   // .sixel
/// ```
public enum PictureMode: String, Hashable, Sendable, CaseIterable {
    case auto, kitty, sixel, symbols, off

    /// Whether `auto` should ask the terminal (``TerminalProbe/graphics(timeoutMs:)``): not inside
    /// tmux or screen, which pass no graphics on, and not when TERM already names the answer.
    public func wantsGraphicsProbe(environment: [String: String]) -> Bool {
        self == .auto && resolved(environment: environment, graphics: nil) == .symbols && !Self.insideMultiplexer(environment)
    }

    /// The mode to use: a named one as it is; `auto` picks kitty graphics for kitty, WezTerm and
    /// Ghostty, sixel for foot, mlterm and terminals whose TERM says sixel, symbols inside tmux
    /// or screen (which pass no graphics on); anywhere else what the terminal answered
    /// (`graphics`), and symbols when it said neither or was not asked.
    public func resolved(environment: [String: String], graphics: TerminalGraphics? = nil) -> PictureMode {
        guard self == .auto else { return self }
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        if Self.insideMultiplexer(environment) { return .symbols }
        if term.contains("kitty") || program == "wezterm" || program == "ghostty" || term.contains("ghostty") { return .kitty }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term.contains("sixel") { return .sixel }
        switch graphics {
        case .kitty?: return .kitty
        case .sixel?: return .sixel
        case .neither?, nil: return .symbols
        }
    }

    private static func insideMultiplexer(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"]?.lowercased() ?? ""
        return environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
    }
}

/// How many colours picture cells use: 24-bit, the 256-colour palette, or none (NO_COLOR: symbols
/// only, in the card's own colours).
///
/// ```swift
/// let colours: PictureColours = .palette256   // the shell picks it from the terminal (`PictureColours(terminalColours:)`)
/// ```
public enum PictureColours: Hashable, Sendable {
    case truecolor, palette256, none
}
