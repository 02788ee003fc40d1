import Testing
@testable import SwipeClient

/// A terminal's late answers to the client's queries are not keys; everything else typed is.
@Suite struct InputDecoderTerminalAnswersTests {
    @Test(arguments: [
        ("a\u{1B}[?62;4cb", "ab"),                          // device attributes
        ("\u{1B}[?1;2c", ""),                               // tmux's
        ("x\u{1B}[12;5Ry", "xy"),                           // cursor position report
        ("\u{1B}_Gi=31;OK\u{1B}\\?", "?"),                  // kitty's graphics answer, then a real ?
        ("\u{1B}", "\u{1B}"),                               // Escape alone
        ("\u{1B}x", "\u{1B}x"),                             // Alt-x style: kept
        ("\u{1B}[?62;4", "\u{1B}[?62;4"),                   // cut short: kept (not an answer yet)
        ("\u{1B}[5R", "\u{1B}[5R"),                         // no separator: not a position report
        ("\u{1B}[?c", "\u{1B}[?c"),                         // no attributes
        ("\u{1B}_Gi=31;OK", "\u{1B}_Gi=31;OK"),             // unterminated
        ("hello", "hello"),
    ])
    func answersAreDroppedWhole(_ input: String, _ expected: String) {
        let kept = InputDecoder.droppingTerminalAnswers(Array(input.unicodeScalars))
        #expect(String(String.UnicodeScalarView(kept)) == expected)
    }
}
