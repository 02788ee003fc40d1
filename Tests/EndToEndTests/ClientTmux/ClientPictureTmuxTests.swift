import Foundation
import Testing

/// The real client in tmux with `--pictures symbols` on the bundled movies deck: the resting top
/// card shows its picture (block symbols in the picture's colours, seen through `capture-pane -e`),
/// the help overlay covers it with nothing of the picture left inside the box, and after a drag the
/// next card is drawn whole.
@Suite(.serialized) struct ClientPictureTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])
    static let blocks: Set<Character> = ["▀", "▄", "█", "▌", "▐", "▖", "▗", "▘", "▝", "▞", "▚", "▙", "▛", "▜", "▟", "▂", "▃", "▅", "▆", "▇", "▁", "▔", "▏", "▎", "▍", "▋", "▊", "▉"]

    /// The 256-colour indices set on a line captured with escapes (`38;5;N` and `48;5;N`).
    static func colours(_ line: Substring) -> Set<Int> { sgrColours(line).palette }

    /// The colours set on a line captured with escapes: palette indices (`38;5;N`, `48;5;N`) and
    /// 24-bit colours as 0xRRGGBB (`38;2;R;G;B`, `48;2;R;G;B`).
    static func sgrColours(_ line: Substring) -> (palette: Set<Int>, rgb: Set<Int>) {
        var palette: Set<Int> = [], rgb: Set<Int> = []
        for sequence in line.split(separator: "\u{1B}").dropFirst() {
            guard sequence.hasPrefix("["), let end = sequence.firstIndex(of: "m") else { continue }
            let parameters = sequence[sequence.index(after: sequence.startIndex)..<end].split(separator: ";").compactMap { Int($0) }
            var index = 0
            while index + 2 < parameters.count {
                if parameters[index] == 38 || parameters[index] == 48, parameters[index + 1] == 5 {
                    palette.insert(parameters[index + 2])
                    index += 3
                } else if parameters[index] == 38 || parameters[index] == 48, parameters[index + 1] == 2, index + 4 < parameters.count {
                    rgb.insert(parameters[index + 2] << 16 | parameters[index + 3] << 8 | parameters[index + 4])
                    index += 5
                } else {
                    index += 1
                }
            }
        }
        return (palette, rgb)
    }

    /// Picture blocks that are not inside the front card: between the first two `│` of their line.
    static func blocksOutsideTheCard(_ screen: String) -> Int {
        var outside = 0
        for line in screen.split(separator: "\n") {
            let characters = Array(line)
            let borders = characters.indices.filter { characters[$0] == "│" }
            for index in characters.indices where blocks.contains(characters[index]) {
                if borders.count < 2 || index < borders[0] || index > borders[1] { outside += 1 }
            }
        }
        return outside
    }

    /// Whether a 24-bit colour is one of the 256-colour palette's (the cube or the grey ramp).
    static func isPaletteColour(_ rgb: Int) -> Bool {
        let parts = [rgb >> 16 & 0xFF, rgb >> 8 & 0xFF, rgb & 0xFF]
        if parts.allSatisfy({ [0, 95, 135, 175, 215, 255].contains($0) }) { return true }
        return parts[0] == parts[1] && parts[1] == parts[2] && (parts[0] - 8) % 10 == 0
    }

    /// Starts a host with the movies deck (`environment`: `env` arguments before TERM's), starts the
    /// room, and returns the session and the picture's rows captured with their escapes.
    static func hostShowingPicture(tmux: String, server: ServerProcess, name: String, environment: String = "")
        throws -> (session: ClientTmuxSession, pictureLines: [Substring]) {
        let swipe = builtProduct("swipe")
        // swift test runs its children with NO_COLOR set: unset it, the colours are what is tested.
        let ann = try ClientTmuxSession(tmux: tmux, name: name,
                                        command: "env -u NO_COLOR \(environment) \(swipe) create ws://127.0.0.1:\(server.port) --deck movies --name Ann --pictures symbols")
        #expect(try ann.waitFor("others join with:") != nil, "no lobby")
        try ann.keys("s")
        let escaped = try #require(try clientPoll(seconds: 10) { () -> String? in
            let s = try clientRun(tmux, ann.tmuxArguments(["capture-pane", "-p", "-e", "-t", ann.name])).output
            return s.contains(where: { blocks.contains($0) }) ? s : nil
        }, "no picture on the card:\n\((try? ann.screen()) ?? "")")
        return (ann, escaped.split(separator: "\n").filter { $0.contains(where: { blocks.contains($0) }) })
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func theRestingCardShowsItsPictureAndOverlaysCoverIt() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let (ann, pictureLines) = try Self.hostShowingPicture(tmux: tmux, server: server, name: "swipe-picture-\(tag)")
        defer { ann.kill() }
        // The picture's rows: block symbols in several colours beyond the card's own two.
        let used = pictureLines.reduce(into: Set<Int>()) { $0.formUnion(Self.colours($1)) }
        #expect(used.subtracting([252, 237, 236, 250]).count >= 3, "picture colours: \(used)")
        #expect(FileManager.default.fileExists(atPath: ann.cacheHome + "/swipedeck/pictures"), "no disk cache")

        // Help: inside the box, nothing of the picture.
        try ann.keys("?")
        let help = try #require(try ann.waitFor("any key closes"), "no help")
        let boxRows = help.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.contains("││") }
        #expect(!boxRows.isEmpty)
        for row in boxRows {
            let inside = row.split(separator: "│", omittingEmptySubsequences: false).dropFirst(2).first ?? ""
            #expect(!inside.contains(where: { Self.blocks.contains($0) }), "picture under the help box: \(row)")
        }
        try ann.keys("x")
        #expect(try clientPoll(seconds: 10) { try Self.blocksOutsideTheCard(ann.screen()) == 0 ? true : nil } == true)

        // A drag: while the card moves it shows its glyph (no picture blocks anywhere); let go
        // where it started, it rests again with its picture and nothing of it elsewhere.
        var reports = ["\u{1B}[<0;29;11M"]
        for column in stride(from: 33, through: 45, by: 4) { reports.append("\u{1B}[<32;\(column);11M") }
        try ann.raw(reports)
        let moving = try ann.screen()
        #expect(!moving.contains(where: { Self.blocks.contains($0) }), "picture blocks while the card moves:\n\(moving)")
        try ann.raw(["\u{1B}[<32;29;11M", "\u{1B}[<0;29;11m"])
        let back = try #require(try clientPoll(seconds: 10) { () -> String? in
            let s = try ann.screen()
            return s.contains(where: { Self.blocks.contains($0) }) ? s : nil
        }, "the picture did not come back after the drag:\n\((try? ann.screen()) ?? "")")
        #expect(Self.blocksOutsideTheCard(back) == 0, "picture left outside the card after the drag:\n\(back)")
        #expect(!back.contains("You voted"), "a drag let go where it started is no vote")

        // A resize: the picture is drawn again for the new card, inside it, nothing left behind.
        for (columns, rows) in [(100, 32), (80, 24)] {
            try clientRun(tmux, ann.tmuxArguments(["resize-window", "-t", ann.name, "-x", "\(columns)", "-y", "\(rows)"]), capture: false)
            let resized = try #require(try clientPoll(seconds: 10) { () -> String? in
                let s = try ann.screen()
                let lines = s.split(separator: "\n", omittingEmptySubsequences: false)
                // Redrawn for the new size: the header reaches the right edge again (capture-pane
                // drops its trailing blank).
                let header = lines.first.map { abs($0.count - columns) <= 2 && $0.hasSuffix("online") } ?? false
                return lines.count >= rows && header && s.contains(where: { Self.blocks.contains($0) }) ? s : nil
            }, "no picture at \(columns)×\(rows) (pane \((try? ann.pane("#{pane_width}x#{pane_height}")) ?? "?")):\n\((try? ann.screen()) ?? "")")
            #expect(Self.blocksOutsideTheCard(resized) == 0, "picture outside the card at \(columns)×\(rows):\n\(resized)")
        }

        // A terminal's late answers to the client's queries (device attributes, kitty's graphics
        // answer, a cursor report) are not keys: no help (`?`) opens, the card does not move.
        try ann.raw(["\u{1B}[?62;4c", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[12;5R"])
        Thread.sleep(forTimeInterval: 0.5)
        let unmoved = try ann.screen()
        #expect(!unmoved.contains("any key closes") && unmoved.contains("Card 1 of"), "answers read as keys:\n\(unmoved)")

        // A like flies the card off; the next card (Amélie) rests with its own picture.
        try ann.keys("l")
        let next = try #require(try clientPoll(seconds: 10) { () -> String? in
            let s = try ann.screen()
            return s.contains("Amélie") && s.contains(where: { Self.blocks.contains($0) }) ? s : nil
        }, "the next card has no picture:\n\((try? ann.screen()) ?? "")")
        #expect(!next.contains("Sand, spice"), "the first card was left behind:\n\(next)")
    }

    /// A terminal that says it draws 24-bit colour (COLORTERM=truecolor) in tmux: the client starts
    /// curses with tmux-direct and the picture reaches the screen in 24-bit colours that are not
    /// the palette's, the card in the palette's colours as RGB; without COLORTERM, 256 colours only.
    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func aTruecolourTerminalGetsThePictureIn24BitColour() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        var seen: [Bool: (palette: Set<Int>, rgb: Set<Int>)] = [:]
        for truecolour in [true, false] {
            let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
            let colourTerm = truecolour ? "COLORTERM=truecolor" : "-u COLORTERM"
            let (ann, pictureLines) = try Self.hostShowingPicture(tmux: tmux, server: server, name: "swipe-truecolour-\(tag)",
                                                                  environment: "\(colourTerm) TERM=tmux-256color")
            defer { ann.kill() }
            seen[truecolour] = pictureLines.reduce(into: (palette: Set<Int>(), rgb: Set<Int>())) {
                let colours = Self.sgrColours($1)
                $0.palette.formUnion(colours.palette)
                $0.rgb.formUnion(colours.rgb)
            }
        }
        let direct = try #require(seen[true]), palette = try #require(seen[false])
        #expect(direct.palette.isEmpty, "palette colours on a direct-colour screen: \(direct.palette)")
        #expect(direct.rgb.filter { !Self.isPaletteColour($0) }.count >= 3, "24-bit picture colours: \(direct.rgb.map { String($0, radix: 16) })")
        #expect(direct.rgb.contains(0x3A3A3A), "the card's colour 237 as RGB: \(direct.rgb.map { String($0, radix: 16) })")
        #expect(palette.rgb.isEmpty && palette.palette.subtracting([252, 237, 236, 250]).count >= 3, "256 colours: \(palette)")
    }
}
