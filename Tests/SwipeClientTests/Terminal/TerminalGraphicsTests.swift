import Testing
@testable import SwipeClient
@testable import SwipeClientCore

/// `--pictures auto` asks the terminal: kitty answers its graphics query, a device-attributes answer
/// listing 4 draws sixels, anything else (or nothing) gets symbols.
@Suite struct TerminalGraphicsTests {
    @Test(arguments: [
        ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c", TerminalGraphics.kitty),          // kitty
        ("\u{1B}_Gi=31;ENODATA:no data\u{1B}\\\u{1B}[?62;c", .neither),             // an error is no kitty
        ("\u{1B}[?63;1;2;4;6;9;15;22c", .sixel),                                     // xterm -ti vt340
        ("\u{1B}[?62;4;9;22c", .sixel),                                              // foot, mlterm
        ("\u{1B}[?1;2c", .neither),                                                  // tmux, plain xterm
        ("\u{1B}[?4;2c", .neither),                                                  // 4 as the class, not an attribute
        ("\u{1B}[?64;1;2;6;9;15;18;21;22c", .neither),                               // VTE
        ("", .neither),                                                              // no answer in time
        ("\u{1B}[?62;4", .neither),                                                  // cut short
    ] as [(String, TerminalGraphics)])
    func answersSayWhatTheTerminalDraws(_ answer: String, _ expected: TerminalGraphics) {
        #expect(TerminalGraphics(answer: Array(answer.utf8)) == expected)
    }

    @Test func theQueryIsKittysThenDeviceAttributes() {
        let query = String(decoding: TerminalProbe.graphicsQuery, as: UTF8.self)
        #expect(query.hasPrefix("\u{1B}_Gi=31,s=1,v=1,a=q,") && query.hasSuffix("\u{1B}\\\u{1B}[c"))
    }

    /// Asked only where the answer decides: `auto`, outside tmux/screen, TERM not telling.
    @Test(arguments: [
        (PictureMode.auto, ["TERM": "xterm-256color"], true),
        (.auto, ["TERM": "xterm-256color", "TMUX": "/tmp/tmux-0/default,1,0"], false),
        (.auto, ["TERM": "screen-256color"], false),
        (.auto, ["TERM": "xterm-kitty"], false),
        (.auto, ["TERM": "foot"], false),
        (.symbols, ["TERM": "xterm-256color"], false),
        (.off, ["TERM": "xterm-256color"], false),
    ])
    func theProbeRunsOnlyWhereItDecides(_ mode: PictureMode, _ environment: [String: String], _ asks: Bool) {
        #expect(mode.wantsGraphicsProbe(environment: environment) == asks)
    }

    @Test(arguments: [(TerminalGraphics?.some(.kitty), PictureMode.kitty), (.sixel, .sixel), (.neither, .symbols), (nil, .symbols)])
    func theAnswerDecidesAuto(_ graphics: TerminalGraphics?, _ mode: PictureMode) {
        #expect(PictureMode.auto.resolved(environment: ["TERM": "xterm-256color"], graphics: graphics) == mode)
        #expect(PictureMode.auto.resolved(environment: ["TERM": "tmux-256color"], graphics: graphics) == .symbols, "never inside tmux")
        #expect(PictureMode.symbols.resolved(environment: ["TERM": "xterm-256color"], graphics: graphics) == .symbols, "a named mode stays")
    }
}
