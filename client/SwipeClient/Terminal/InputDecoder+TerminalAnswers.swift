import Foundation

extension InputDecoder {
    /// Typed characters without the terminal's own answers to the queries the client makes before
    /// the screen opens (``TerminalProbe``): an answer that comes after the wait (a slow ssh link)
    /// would otherwise arrive as keys, and `ESC [ ? 6 2 ; 4 c` would close an overlay, open the
    /// help (`?`) and more. Dropped when whole: the device attributes (`ESC [ ? … c`), a cursor
    /// position report (`ESC [ row ; column R`) and kitty's graphics answer (`ESC _ G … ESC \`).
    ///
    /// ```swift
    /// InputDecoder.droppingTerminalAnswers(Array("a\u{1B}[?62;4cb".unicodeScalars))   // ["a", "b"]
    /// InputDecoder.droppingTerminalAnswers(Array("\u{1B}x".unicodeScalars))           // ESC, "x": kept
    /// ```
    static func droppingTerminalAnswers(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard scalars.contains("\u{1B}") else { return scalars }
        var kept: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\u{1B}", let end = answerEnd(scalars, from: index) {
                index = end
                continue
            }
            kept.append(scalars[index])
            index += 1
        }
        return kept
    }

    /// Where a whole terminal answer starting at `start` (an ESC) ends (one past it), or nil.
    private static func answerEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        func at(_ i: Int) -> Unicode.Scalar? { i < s.count ? s[i] : nil }
        let digits = CharacterSet.decimalDigits
        switch at(start + 1) {
        case "["?:
            if at(start + 2) == "?" {
                // Device attributes: ESC [ ? digits and ; … c
                var i = start + 3
                while let c = at(i), digits.contains(c) || c == ";" { i += 1 }
                return at(i) == "c" && i > start + 3 ? i + 1 : nil
            }
            // Cursor position report: ESC [ digits ; digits R
            var i = start + 2
            var sawDigit = false, sawSeparator = false
            while let c = at(i), digits.contains(c) || c == ";" {
                if c == ";" { sawSeparator = true } else { sawDigit = true }
                i += 1
            }
            return at(i) == "R" && sawDigit && sawSeparator ? i + 1 : nil
        case "_"?:
            // Kitty's graphics answer: ESC _ G … ESC \ (at most a short reply).
            guard at(start + 2) == "G" else { return nil }
            var i = start + 3
            while i < s.count, i < start + 256 {
                if s[i] == "\u{1B}" { return at(i + 1) == "\\" ? i + 2 : nil }
                i += 1
            }
            return nil
        default:
            return nil
        }
    }
}
