import SwipeClientCore

/// Maps the view's colours to what the terminal has: 24-bit colours as RGB values on a
/// direct-colour terminal, 256 colours as they are, 8 or 16 colours by nearest basic colour, none
/// at all (monochrome, NO_COLOR) by dropping colour.
///
/// ```swift
/// ColourMapper(colours: 8).terminalColour(.indexed(196))          // 1 (red)
/// ColourMapper(colours: 256).terminalColour(.indexed(196))        // 196
/// ColourMapper(colours: 0x1000000).terminalColour(.indexed(196))  // 0xFF0000
/// ```
struct ColourMapper: Hashable, Sendable {
    /// Colours the terminal supports (0 for none; 0x1000000 for direct colour).
    var colours: Int

    /// Creates a mapper.
    init(colours: Int) { self.colours = colours }

    /// The colour count curses reports for a direct-colour terminfo entry (xterm-direct): colour
    /// numbers are then 0xRRGGBB.
    static let directColours = 0x1000000

    /// Whether colours are RGB values (a direct-colour terminfo entry such as xterm-direct).
    var isDirect: Bool { colours >= Self.directColours }

    /// The terminal colour number, or nil for none (monochrome).
    func terminalColour(_ colour: TermColor?) -> Int? {
        guard let colour, colours >= 8 else { return nil }
        if isDirect { return Self.direct(colour) }
        let index = colour.paletteIndex
        if colours >= 256 { return index }
        return Self.basic(index) % max(8, min(colours, 16))
    }

    /// A colour as a direct-colour number: 0xRRGGBB, except that 0–7 name the terminal's own eight
    /// colours, so palette colours 0–7 stay themselves and an RGB value below 8 (near black) is
    /// drawn as 0x000008.
    static func direct(_ colour: TermColor) -> Int {
        switch colour {
        case let .indexed(index):
            if index < 8 { return Int(index) }
            return max(8, packed(palette(Int(index))))
        case let .rgb(c):
            return max(8, packed((Int(c.red), Int(c.green), Int(c.blue))))
        }
    }

    private static func packed(_ rgb: (Int, Int, Int)) -> Int { rgb.0 << 16 | rgb.1 << 8 | rgb.2 }

    /// The RGB of an xterm-256 palette index (xterm's defaults for 8–15, the 6×6×6 cube, the grey ramp).
    static func palette(_ index: Int) -> (Int, Int, Int) {
        switch index {
        case ..<16: return xtermBasic[max(0, index)]
        case 16..<232:
            let i = index - 16
            let level = [0, 95, 135, 175, 215, 255]
            return (level[i / 36], level[(i / 6) % 6], level[i % 6])
        default:
            let v = 8 + (min(index, 255) - 232) * 10
            return (v, v, v)
        }
    }

    private static let xtermBasic: [(Int, Int, Int)] = [
        (0x00, 0x00, 0x00), (0xCD, 0x00, 0x00), (0x00, 0xCD, 0x00), (0xCD, 0xCD, 0x00),
        (0x00, 0x00, 0xEE), (0xCD, 0x00, 0xCD), (0x00, 0xCD, 0xCD), (0xE5, 0xE5, 0xE5),
        (0x7F, 0x7F, 0x7F), (0xFF, 0x00, 0x00), (0x00, 0xFF, 0x00), (0xFF, 0xFF, 0x00),
        (0x5C, 0x5C, 0xFF), (0xFF, 0x00, 0xFF), (0x00, 0xFF, 0xFF), (0xFF, 0xFF, 0xFF),
    ]

    /// The nearest of the 8 basic colours to a 256-palette index.
    static func basic(_ index: Int) -> Int {
        if index < 16 { return index % 8 }
        let rgb = palette(index)
        let bright = max(rgb.0, rgb.1, rgb.2)
        if bright < 60 { return 0 }
        let cut = bright / 2
        let r = rgb.0 > cut ? 1 : 0, g = rgb.1 > cut ? 2 : 0, b = rgb.2 > cut ? 4 : 0
        return r | g | b
    }
}
