import Testing
@testable import SwipeClient

extension CursesGlobals {
/// Which terminfo entry the client starts curses with for 24-bit colour.
@Suite struct DirectColourTerminalTests {
    static let installed: Set<String> = ["xterm-direct", "tmux-direct", "foot-direct", "konsole-direct"]

    @Test(arguments: [
        // TERM, COLORTERM, the entry chosen (nil: TERM as it is)
        ("xterm-256color", "truecolor", "xterm-direct"),
        ("xterm-256color", "24bit", "xterm-direct"),
        ("xterm-256color", "TrueColor", "xterm-direct"),
        ("tmux-256color", "truecolor", "tmux-direct"),
        ("foot", "truecolor", "foot-direct"),
        ("xterm-direct", "truecolor", nil),      // already direct
        ("xterm-256color", "", nil),             // the terminal did not say
        ("xterm-256color", "yes", nil),
        ("xterm-kitty", "truecolor", nil),       // no such entry here
        ("screen-256color", "truecolor", nil),
        ("dumb", "truecolor", nil),
        ("", "truecolor", nil),
    ] as [(String, String, String?)])
    func picksTheDirectColourEntry(_ term: String, _ colourTerm: String, _ expected: String?) {
        let environment = ["TERM": term, "COLORTERM": colourTerm]
        #expect(DirectColourTerminal.name(environment: environment, hasDirectColour: Self.installed.contains) == expected)
    }

    @Test func swipeColours256KeepsThePaletteEntry() {
        let environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor", "SWIPE_COLOURS": "256"]
        #expect(DirectColourTerminal.name(environment: environment, hasDirectColour: Self.installed.contains) == nil)
    }

    @Test func candidatesFollowNcursesTermNames() {
        #expect(DirectColourTerminal.candidates(for: "xterm-256color") == ["xterm-direct", "xterm-256color-direct"])
        #expect(DirectColourTerminal.candidates(for: "alacritty") == ["alacritty-direct"])
    }

    /// The real terminfo database (ncurses-term, installed by scripts/setup.sh).
    @Test func terminfoKnowsXtermDirect() {
        #expect(DirectColourTerminal.terminfoHasDirectColour("xterm-direct"))
        #expect(!DirectColourTerminal.terminfoHasDirectColour("xterm-256color"))
        #expect(!DirectColourTerminal.terminfoHasDirectColour("no-such-terminal-here"))
    }
}
}
