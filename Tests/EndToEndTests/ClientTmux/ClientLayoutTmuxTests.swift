import Foundation
import Testing

/// A room created with `--layout koloda`: the host and a member who joins both draw Koloda's stack
/// (the front card inset inside the wide background card), the same in every cell of the card area.
@Suite(.serialized) struct ClientLayoutTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    /// The card area of an 80 × 24 screen: rows 1…20, columns 0..<56 (the sidebar is 24 wide).
    static func cardArea(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix(20).map { String($0.prefix(56)) }
    }

    /// A line of Koloda's stack: the background card's border, then the front card's top edge inside it.
    static let kolodaTop = #"│ +╭─+╮ +│"#

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func aMemberWhoJoinsSeesTheHostsKolodaStack() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let swipe = builtProduct("swipe")
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-layout-ann-\(tag)",
                                        command: "\(swipe) create ws://127.0.0.1:\(server.port) --deck movies --layout koloda --name Ann")
        defer { ann.kill() }
        let lobby = try #require(try ann.waitFor("others join with:"), "the lobby has no join line")
        let line = try #require(lobby.range(of: #"ws://127\.0\.0\.1:\d+/[2-9A-Z-]+"#, options: .regularExpression), "\(lobby)")
        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-layout-bo-\(tag)", command: "\(swipe) join \(lobby[line]) --name Bo")
        defer { bo.kill() }
        #expect(try ann.waitFor("● Bo") != nil, "Ann never saw Bo join")
        try ann.keys("s")
        let annScreen = try #require(try clientPoll(seconds: 10) { () -> String? in
            let s = try ann.screen()
            return s.range(of: Self.kolodaTop, options: .regularExpression) != nil ? s : nil
        }, "Ann's screen shows no Koloda stack:\n\((try? ann.screen()) ?? "")")
        let boScreen = try #require(try clientPoll(seconds: 10) { () -> String? in
            let s = try bo.screen()
            return Self.cardArea(s) == Self.cardArea(annScreen) ? s : nil
        }, "Bo's card area differs from Ann's:\n\((try? bo.screen()) ?? "")\nAnn:\n\(annScreen)")
        #expect(boScreen.range(of: Self.kolodaTop, options: .regularExpression) != nil)
        #expect(boScreen.contains("Card 1 of"))
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func anUnknownLayoutIsRefusedNamingTheFlag() throws {
        for arguments in [["create", "ws://127.0.0.1:1", "--deck", "movies", "--layout", "grid"], ["demo", "--layout", "grid"]] {
            let result = try clientRun(builtProduct("swipe"), arguments)
            #expect(result.status == 64, "\(arguments[0]): \(result.output)")
            #expect(result.output.contains("unknown --layout \"grid\" (expected stack or koloda)"), "\(arguments[0]): \(result.output)")
        }
        let help = try clientRun(builtProduct("swipe"), ["create", "--help"]).output
        #expect(help.contains("--layout") && help.contains("koloda"), "\(help)")
    }
}
