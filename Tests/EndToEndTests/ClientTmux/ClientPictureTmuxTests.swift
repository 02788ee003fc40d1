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
    static func colours(_ line: Substring) -> Set<Int> {
        var found: Set<Int> = []
        for sequence in line.split(separator: "\u{1B}").dropFirst() {
            guard sequence.hasPrefix("["), let end = sequence.firstIndex(of: "m") else { continue }
            let parameters = sequence[sequence.index(after: sequence.startIndex)..<end].split(separator: ";").compactMap { Int($0) }
            var index = 0
            while index + 2 < parameters.count {
                if parameters[index] == 38 || parameters[index] == 48, parameters[index + 1] == 5 {
                    found.insert(parameters[index + 2])
                    index += 3
                } else {
                    index += 1
                }
            }
        }
        return found
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func theRestingCardShowsItsPictureAndOverlaysCoverIt() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let swipe = builtProduct("swipe")
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-cache-\(tag)").path
        // swift test runs its children with NO_COLOR set: unset it, the colours are what is tested.
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-picture-\(tag)",
                                        command: "env -u NO_COLOR XDG_CACHE_HOME=\(cache) \(swipe) create ws://127.0.0.1:\(server.port) --deck movies --name Ann --pictures symbols")
        defer { ann.kill() }
        #expect(try ann.waitFor("others join with:") != nil, "no lobby")
        try ann.keys("s")
        let escaped = try #require(try clientPoll(seconds: 10) { () -> String? in
            let s = try clientRun(tmux, ann.tmuxArguments(["capture-pane", "-p", "-e", "-t", ann.name])).output
            return s.contains(where: { Self.blocks.contains($0) }) ? s : nil
        }, "no picture on the card:\n\((try? ann.screen()) ?? "")")
        // The picture's rows: block symbols in several colours beyond the card's own two.
        let pictureLines = escaped.split(separator: "\n").filter { $0.contains(where: { Self.blocks.contains($0) }) }
        let used = pictureLines.reduce(into: Set<Int>()) { $0.formUnion(Self.colours($1)) }
        #expect(used.subtracting([252, 237, 236, 250]).count >= 3, "picture colours: \(used)")
        #expect(FileManager.default.fileExists(atPath: cache + "/swipedeck/pictures"), "no disk cache")

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
        // A like flies the card off; the next card (Amélie) rests with its own picture.
        try ann.keys("l")
        let next = try #require(try clientPoll(seconds: 10) { () -> String? in
            let s = try ann.screen()
            return s.contains("Amélie") && s.contains(where: { Self.blocks.contains($0) }) ? s : nil
        }, "the next card has no picture:\n\((try? ann.screen()) ?? "")")
        #expect(!next.contains("Sand, spice"), "the first card was left behind:\n\(next)")
    }
}
