/// Maps the view's colours to what the terminal has: 256 colours as they are, 8 or 16 colours
/// by nearest basic colour, none at all (monochrome, NO_COLOR) by dropping colour.
///
/// ```swift
/// ColourMapper(colours: 8).terminalColour(.indexed(196))   // 1 (red)
/// ColourMapper(colours: 256).terminalColour(.indexed(196)) // 196
/// ```
struct ColourMapper: Hashable, Sendable {
    /// Colours the terminal supports (0 for none).
    var colours: Int

    /// Creates a mapper.
    init(colours: Int) { self.colours = colours }

    /// The terminal colour number, or nil for none (monochrome).
    func terminalColour(_ colour: TermColor?) -> Int? {
        guard let colour, colours >= 8 else { return nil }
        let index = colour.paletteIndex
        if colours >= 256 { return index }
        return Self.basic(index) % max(8, min(colours, 16))
    }

    /// The nearest of the 8 basic colours to a 256-palette index.
    static func basic(_ index: Int) -> Int {
        let rgb: (Int, Int, Int)
        if index < 16 { return index % 8 }
        if index >= 232 {
            let v = 8 + (index - 232) * 10
            rgb = (v, v, v)
        } else {
            let i = index - 16
            let level = [0, 95, 135, 175, 215, 255]
            rgb = (level[i / 36], level[(i / 6) % 6], level[i % 6])
        }
        let bright = max(rgb.0, rgb.1, rgb.2)
        if bright < 60 { return 0 }
        let cut = bright / 2
        let r = rgb.0 > cut ? 1 : 0, g = rgb.1 > cut ? 2 : 0, b = rgb.2 > cut ? 4 : 0
        return r | g | b
    }
}
