import Foundation
import SwipeClient
import Testing

/// Hostile card text under tmux (3.3 draws a skin tone as its own 2-column glyph and joins ZWJ
/// sequences): the sidebar's bar stays in one column on every row, so nothing after an emoji
/// is shifted.
@Suite(.serialized) struct ClientEmojiTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func emojiLinesKeepEveryColumn() throws {
        guard let tmux = Self.tmux else { return }
        let deck = #"{"name":"hostile","title":"Hostile","cards":[{"id":"fam","title":"👩‍👩‍👧 Family night","body":"👍🏽 from Bo · 🏜️ Desert trip","tags":["🏜 road"],"image":{"glyph":"🏜","art":[]}}]}"#
        let server = try ClientDeckServer(deck: "hostile", json: deck)
        defer { server.stop() }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-emoji-\(tag)",
                                        command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck hostile --pacing free --name Ann")
        defer { ann.kill() }
        let screen = try #require(try ann.waitFor("Family night"), "the card never showed")
        // tmux 3.3's own measure: ZWJ sequences joined, skin tones apart.
        func barColumns(_ line: Substring) -> [Int] {
            Graphemes.$splitsSkinTones.withValue(true) {
                var column = 0, bars: [Int] = []
                for cluster in Graphemes.clusters(String(line)) {
                    if cluster == "│" { bars.append(column) }
                    column += Graphemes.width(of: cluster)
                }
                return bars
            }
        }
        // Rows inside the card: its left and right border, then the sidebar's bar.
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).prefix(8).map(barColumns)
        #expect(Set(rows).count == 1 && rows.first?.count == 3, "a border or the sidebar moves between rows: \(rows)\n\(screen)")
        #expect(screen.contains("👩‍👩‍👧 Family night") && screen.contains("👍🏽 from Bo"), "\(screen)")
    }
}
