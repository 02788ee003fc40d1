import SwipeCore
import Testing
@testable import SwipeClient
@testable import SwipeClientCore

@Suite struct ColourMapperTests {
    @Test(arguments: [(256, 196, 196), (8, 196, 1), (8, 46, 2), (8, 231, 7), (8, 16, 0), (16, 45, 6)])
    func mapsToWhatTheTerminalHas(_ colours: Int, _ index: Int, _ expected: Int) {
        #expect(ColourMapper(colours: colours).terminalColour(.indexed(UInt8(index))) == expected)
    }

    /// Direct colour (xterm-direct): palette colours by xterm's RGB values, 0–7 as themselves.
    @Test(arguments: [(196, 0xFF0000), (237, 0x3A3A3A), (231, 0xFFFFFF), (16, 0x000008), (24, 0x005F87),
                      (1, 1), (7, 7), (9, 0xFF0000), (12, 0x5C5CFF), (232, 0x080808), (255, 0xEEEEEE)])
    func directColourGivesPaletteColoursAsRGB(_ index: Int, _ expected: Int) {
        #expect(ColourMapper(colours: 0x1000000).terminalColour(.indexed(UInt8(index))) == expected)
    }

    /// 24-bit colours reach a direct-colour terminal exactly; one below 8 would name a basic colour.
    @Test func directColourKeepsRGBExactly() {
        let direct = ColourMapper(colours: 0x1000000)
        #expect(direct.isDirect)
        #expect(direct.terminalColour(.rgb(RGBColor(red: 12, green: 200, blue: 99))) == 0x0CC863)
        #expect(direct.terminalColour(.rgb(RGBColor(red: 0, green: 0, blue: 5))) == 8)
        #expect(ColourMapper(colours: 256).terminalColour(.rgb(RGBColor(red: 255, green: 0, blue: 0))) == 196)
        #expect(!ColourMapper(colours: 256).isDirect)
    }

    /// The cube and grey ramp as xterm defines them (the 8-colour mapping is built on them).
    @Test func paletteMatchesXterm() {
        #expect(ColourMapper.palette(16) == (0, 0, 0))
        #expect(ColourMapper.palette(231) == (255, 255, 255))
        #expect(ColourMapper.palette(67) == (95, 135, 175))
        #expect(ColourMapper.palette(244) == (128, 128, 128))
    }

    @Test func monochromeDropsColour() {
        #expect(ColourMapper(colours: 0).terminalColour(.indexed(196)) == nil)
        #expect(ColourMapper(colours: 2).terminalColour(.indexed(196)) == nil)
        #expect(ColourMapper(colours: 0x1000000).terminalColour(nil) == nil)
    }

    @Test func noColourPaletteStillMarksThingsWithAttributes() {
        let palette = Palette(colour: false)
        #expect(palette.header.foreground == nil && palette.header.reverse)
        #expect(palette.like.bold)
    }
}
