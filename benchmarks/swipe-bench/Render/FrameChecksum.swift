// Shell: part of `swipe-bench render` (main thread only). A stable 64-bit FNV-1a digest of
// frames, so two builds of the view can be checked to draw the very same frames.
import SwipeClient

/// Folds every cell of a frame (text, colours, attributes, continuation) into one digest.
///
/// ```swift
/// var digest = FrameChecksum()
/// digest.add(frame)
/// print(digest.hex)
/// ```
struct FrameChecksum {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds one frame.
    mutating func add(_ frame: Frame) {
        add(UInt64(frame.size.columns))
        add(UInt64(frame.size.rows))
        for cell in frame.cells {
            for byte in cell.grapheme.utf8 { add(UInt64(byte)) }
            add(0xFFFF)
            add(cell.style.foreground)
            add(cell.style.background)
            let flags = [cell.style.bold, cell.style.dim, cell.style.reverse, cell.style.underline, cell.isContinuation]
            add(flags.enumerated().reduce(UInt64(0)) { $0 | ($1.element ? 1 << UInt64($1.offset) : 0) })
        }
    }

    private mutating func add(_ color: TermColor?) {
        switch color {
        case nil: add(0x1_0000)
        case let .indexed(index)?: add(0x2_0000 | UInt64(index))
        case let .rgb(rgb)?: add(0x300_0000 | UInt64(rgb.red) << 16 | UInt64(rgb.green) << 8 | UInt64(rgb.blue))
        }
    }

    private mutating func add(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            value ^= word >> UInt64(shift) & 0xFF
            value = value &* 0x100_0000_01b3
        }
    }

    /// The digest as 16 hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
