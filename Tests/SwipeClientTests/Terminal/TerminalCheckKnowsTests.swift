import Testing
@testable import SwipeClient

extension CursesGlobals {
/// What the SSH gateway asks before it keeps a member's TERM.
@Suite struct TerminalCheckKnowsTests {
    @Test(arguments: [("xterm-256color", true), ("xterm", true), ("", false), ("dumb", false),
                      ("no-such-terminal", false), ("../../../etc/passwd", false), ("x/../xterm", false)])
    func knows(_ term: String, _ expected: Bool) {
        #expect(TerminalCheck.knows(term) == expected)
    }
}
}
