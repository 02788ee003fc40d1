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
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { return false }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return false }
        defer {
            // An answer that came after the wait must not reach the client as keys.
            tcflush(STDIN_FILENO, TCIFLUSH)
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            write(STDOUT_FILENO, "\r\u{1B}[K", 4)
        }
        let probe = Array("\r👍🏽\u{1B}[6n".utf8)
        guard write(STDOUT_FILENO, probe, probe.count) == probe.count else { return false }
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while answer.count < 32 {
            var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeoutMs) == 1, read(STDIN_FILENO, &byte, 1) == 1 else { break }
            answer.append(byte)
            if byte == UInt8(ascii: "R") { break }
        }
        return column(fromCursorReport: answer).map { $0 - 1 >= 4 } ?? false
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
