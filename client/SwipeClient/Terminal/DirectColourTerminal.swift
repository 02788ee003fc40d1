// Shell helper: decides, before curses starts, which terminfo entry gives this terminal 24-bit
// colour. Runs on the MAIN thread; reads the environment and the terminfo database (no output).
import CNCursesW

/// The terminfo entry to start curses with so that 24-bit colours reach the screen.
///
/// Terminals that draw 24-bit colour say so with `COLORTERM=truecolor` (or `24bit`) but keep a
/// 256-colour `TERM` such as `xterm-256color`, whose terminfo gives curses 256 colours only.
/// ncurses draws 24-bit colour through a *direct-colour* entry (`xterm-direct`, `tmux-direct`,
/// from Debian's `ncurses-term`): the same terminal with colours as RGB values. When `COLORTERM`
/// asks for it and such an entry exists, the client starts curses with it; otherwise with `TERM`
/// as it is (and 256 colours). `SWIPE_COLOURS=256` keeps the 256-colour entry.
///
/// ```swift
/// DirectColourTerminal.name(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"],
///                           hasDirectColour: { $0 == "xterm-direct" })   // "xterm-direct"
/// DirectColourTerminal.name(environment: ["TERM": "xterm-256color"], hasDirectColour: { _ in true })   // nil
/// ```
enum DirectColourTerminal {
    /// The direct-colour entry to use instead of `TERM`, or nil to use `TERM` (see the type).
    static func name(environment: [String: String], hasDirectColour: (String) -> Bool = terminfoHasDirectColour) -> String? {
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return nil }
        guard ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") else { return nil }
        guard environment["SWIPE_COLOURS"] != "256" else { return nil }
        if hasDirectColour(term) { return nil }
        return candidates(for: term).first(where: hasDirectColour)
    }

    /// `xterm-256color` → `xterm-direct`, `foot` → `foot-direct`: the names ncurses-term uses.
    static func candidates(for term: String) -> [String] {
        var names: [String] = []
        for suffix in ["-256color", "-truecolor", "-color"] where term.hasSuffix(suffix) {
            names.append(String(term.dropLast(suffix.count)) + "-direct")
        }
        names.append(term + "-direct")
        return names
    }

    /// Asks terminfo whether `term` exists with direct colour.
    static func terminfoHasDirectColour(_ term: String) -> Bool {
        swipe_terminfo_flags(term) & Int32(SWIPE_TERMINFO_DIRECT_COLOUR) != 0
    }
}
