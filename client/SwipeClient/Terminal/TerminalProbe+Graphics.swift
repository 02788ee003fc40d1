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
        // Whole once the device attributes (ESC [ ? … c) have come: kitty answers before them.
        let answer = ask(graphicsQuery, timeoutMs: timeoutMs, limit: 256) { bytes in
            bytes.last == UInt8(ascii: "c") && String(decoding: bytes, as: UTF8.self).contains("\u{1B}[?")
        }
        return answer.map(TerminalGraphics.init(answer:)) ?? .neither
    }
}
