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
