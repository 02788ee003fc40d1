// Shell: asks the terminal which pixel graphics it draws, before curses starts. Runs on the MAIN
// thread; touches the tty (termios, two queries written, the answers read back; nothing drawn).
import Foundation

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
