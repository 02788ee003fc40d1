import Foundation
import Testing

/// A 40-card room's results under tmux at 80×24: the ranking says how much is below, scrolls with
/// the usual keys, and `v` shows who voted what.
@Suite(.serialized) struct ClientResultsTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func resultsScrollAndShowWhoVotedWhat() throws {
        guard let tmux = Self.tmux else { return }
        let cards = (1...40).map { #"{"id":"c\#($0)","title":"Card number \#($0)"}"# }.joined(separator: ",")
        let server = try ClientDeckServer(deck: "forty", json: #"{"name":"forty","title":"Forty","cards":[\#(cards)]}"#)
        defer { server.stop() }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-results-\(tag)",
                                        command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck forty --pacing free --name Ann")
        defer { ann.kill() }
        #expect(try ann.waitFor("Card 1 of 40") != nil, "the forty-card room did not start")
        try ann.keys("l")
        #expect(try ann.waitFor("Card 2 of 40") != nil)
        try ann.keys("r")
        let first = try #require(try ann.waitFor("▼ 23 more"), "no 'more' mark under a 40-card ranking")
        #expect(first.contains(" 1. Card number 1 ") && !first.contains("18. "), "\(first)")
        try ann.keys("PageDown")
        let second = try #require(try ann.waitFor("18. Card number"), "PgDn did not scroll")
        #expect(second.contains("▲ 17 more"), "\(second)")
        try ann.keys("G")
        #expect(try ann.waitFor("40. Card number 40") != nil, "G did not reach the end")
        try ann.keys("g")
        #expect(try ann.waitFor(" 1. Card number 1 ") != nil, "g did not go back to the top")
        try ann.keys("j")
        #expect(try ann.waitFor("▲ 1 more") != nil, "j did not scroll one line")
        try ann.keys("k")
        try ann.keys("v")
        let votes = try #require(try ann.waitFor("Ann ♥"), "v did not show who voted what")
        #expect(votes.contains("no votes"), "\(votes)")
        try ann.keys("q")
        #expect(try ann.waitFor("SWIPE-EXITED 0") != nil)
    }
}
