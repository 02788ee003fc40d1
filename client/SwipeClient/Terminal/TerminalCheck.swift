// Shell: decides, before anything touches the screen, whether this terminal can run the client.
// Runs on the MAIN thread; reads the environment and the terminfo database (no output).
import CNCursesW
import SwipeClientCore

/// Refuses terminals that cannot draw a screen, with a message that says what to do, instead of
/// letting curses draw half a frame (`TERM=dumb`) or exit on its own (an unknown `TERM`).
///
/// ```swift
/// TerminalCheck.problem(environment: ["TERM": "dumb"])
/// // "TERM=dumb cannot draw a full screen; run swipe in a terminal such as xterm, tmux or screen (e.g. TERM=xterm-256color)"
/// ```
public enum TerminalCheck {
    /// What is wrong with the terminal named by `environment["TERM"]`, or nil when it will do.
    /// `canAddress` says whether terminfo knows the terminal and it can move the cursor.
    ///
    /// ```swift
    /// TerminalCheck.problem(environment: ["TERM": "xterm-256color"], canAddress: { _ in true })   // nil
    /// ```
    static func problem(environment: [String: String], canAddress: (String) -> Bool = terminfoCanAddress) -> String? {
        let advice = "run swipe in a terminal such as xterm, tmux or screen (e.g. TERM=xterm-256color)"
        guard let term = environment["TERM"], !term.isEmpty else {
            return "TERM is not set, so the terminal is unknown; " + advice
        }
        if term == "dumb" { return "TERM=dumb cannot draw a full screen; " + advice }
        guard canAddress(term) else {
            return "the terminal \"\(TextMetrics.clean(term))\" is unknown here or cannot move the cursor; " + advice
        }
        return nil
    }

    /// Whether terminfo here knows `term` and it can move the cursor: the SSH gateway, whose
    /// members' terminals may be unknown on its host, falls back to `xterm-256color` otherwise.
    ///
    /// ```swift
    /// TerminalCheck.knows("xterm-256color")   // true
    /// TerminalCheck.knows("no-such-terminal") // false
    /// ```
    public static func knows(_ term: String) -> Bool {
        !term.isEmpty && term != "dumb" && !term.contains("/") && terminfoCanAddress(term)
    }

    /// Asks terminfo whether `term` exists and has cursor addressing.
    static func terminfoCanAddress(_ term: String) -> Bool {
        swipe_terminfo_flags(term) & Int32(SWIPE_TERMINFO_ADDRESSES_CURSOR) != 0
    }
}
