// Shell: asks the terminal how it draws a skin-toned emoji, before curses starts. Runs on the MAIN
// thread; touches the tty (termios, one line written and erased, the cursor report read back).
import Foundation

/// Writes `👍🏽` at the start of the line, asks for the cursor position (`ESC [ 6 n`) and reads
/// the answer: 2 columns means the terminal draws the cluster as one glyph, 4 that it draws the
/// tone as a glyph of its own (tmux 3.3). A terminal that does not answer within 300 ms is taken
/// to draw it whole. The line is erased afterwards.
///
/// ```swift
/// let splits = TerminalProbe.splitsSkinTones()   // true under tmux 3.3
/// ```
enum TerminalProbe {
    /// Whether the terminal on stdin/stdout draws skin-tone modifiers as separate glyphs.
    static func splitsSkinTones(timeoutMs: Int32 = 300) -> Bool {
        let answer = ask(Array("\r👍🏽\u{1B}[6n".utf8), timeoutMs: timeoutMs, limit: 32, afterwards: "\r\u{1B}[K") {
            $0.last == UInt8(ascii: "R")
        }
        return answer.flatMap(column(fromCursorReport:)).map { $0 - 1 >= 4 } ?? false
    }

    /// Writes `query` to the terminal with echo and line editing off, and reads its answer until
    /// `isWhole` says it is whole, `limit` bytes, or `timeoutMs` without a byte; then flushes what
    /// came later (it must not reach the client as keys), restores the terminal and writes
    /// `afterwards`. nil when stdin/stdout are not a terminal or the query cannot be written.
    static func ask(_ query: [UInt8], timeoutMs: Int32, limit: Int, afterwards: String = "",
                    isWhole: ([UInt8]) -> Bool) -> [UInt8]? {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { return nil }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        defer {
            tcflush(STDIN_FILENO, TCIFLUSH)
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            if !afterwards.isEmpty { _ = write(STDOUT_FILENO, afterwards, afterwards.utf8.count) }
        }
        guard write(STDOUT_FILENO, query, query.count) == query.count else { return nil }
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while answer.count < limit {
            var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeoutMs) == 1, read(STDIN_FILENO, &byte, 1) == 1 else { break }
            answer.append(byte)
            if isWhole(answer) { break }
        }
        return answer
    }

    /// The column (1-based) in a cursor position report `ESC [ row ; column R`.
    ///
    /// ```swift
    /// TerminalProbe.column(fromCursorReport: Array("\u{1B}[12;5R".utf8))   // 5
    /// ```
    static func column(fromCursorReport bytes: [UInt8]) -> Int? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let start = text.lastIndex(of: "\u{1B}"), text.hasSuffix("R") else { return nil }
        let body = text[text.index(after: start)...].dropFirst().dropLast()
        let parts = body.split(separator: ";")
        guard parts.count == 2 else { return nil }
        return Int(parts[1])
    }
}
