// Shell: asks the terminal which pixel graphics it draws, before curses starts. Runs on the MAIN
// thread; touches the tty (termios, two queries written, the answers read back; nothing drawn).
import Foundation

/// What a terminal said it draws besides text: kitty's graphics protocol, sixels, or neither.
///
/// ```swift
/// TerminalGraphics(answer: Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4c".utf8))   // .kitty
/// TerminalGraphics(answer: Array("\u{1B}[?63;1;2;4;6;9c".utf8))                   // .sixel
/// TerminalGraphics(answer: Array("\u{1B}[?1;2c".utf8))                            // .neither
/// ```
public enum TerminalGraphics: Hashable, Sendable {
    case kitty, sixel, neither

    /// From the answers to ``TerminalProbe/graphicsQuery``: kitty answers its query (`i=31;OK`)
    /// before the device attributes; a device-attributes answer listing 4 draws sixels.
    public init(answer: [UInt8]) {
        let text = String(decoding: answer, as: UTF8.self)
        if text.contains("\u{1B}_Gi=31;OK") {
            self = .kitty
            return
        }
        guard let start = text.range(of: "\u{1B}[?"), let end = text[start.upperBound...].firstIndex(of: "c") else {
            self = .neither
            return
        }
        let attributes = text[start.upperBound..<end].split(separator: ";")
        self = attributes.dropFirst().contains("4") ? .sixel : .neither
    }
}

extension TerminalProbe {
    /// kitty's query (a 1×1 picture it checks and does not keep), then the primary device
    /// attributes, which every terminal answers: the second answer ends the wait.
    static let graphicsQuery = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    /// What the terminal on stdin/stdout draws; `.neither` when it does not answer within
    /// `timeoutMs` (or is not a terminal).
    static func graphics(timeoutMs: Int32 = 200) -> TerminalGraphics {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { return .neither }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return .neither }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return .neither }
        defer {
            // An answer that came after the wait must not reach the client as keys.
            tcflush(STDIN_FILENO, TCIFLUSH)
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        }
        guard write(STDOUT_FILENO, graphicsQuery, graphicsQuery.count) == graphicsQuery.count else { return .neither }
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        var inAttributes = false
        while answer.count < 256 {
            var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeoutMs) == 1, read(STDIN_FILENO, &byte, 1) == 1 else { break }
            answer.append(byte)
            if answer.suffix(3).elementsEqual(Array("\u{1B}[?".utf8)) { inAttributes = true }
            if inAttributes, byte == UInt8(ascii: "c") { break }
        }
        return TerminalGraphics(answer: answer)
    }
}
