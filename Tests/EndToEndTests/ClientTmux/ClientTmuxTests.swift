import Foundation
import Testing

/// The real `swipe` under tmux against a real `swipe-server`: keys and mouse drags go in through
/// tmux, the screen comes back through capture-pane, and a vote made by one client shows up on
/// the other's screen.
@Suite(.serialized) struct ClientTmuxTests {
    static let tmux = clientFindExecutable(["/usr/bin/tmux", "/usr/local/bin/tmux"])

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func aDraggedVoteReachesTheOtherClient() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let swipe = builtProduct("swipe")
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-ann-\(tag)",
                                        command: "\(swipe) create ws://127.0.0.1:\(server.port) --deck movies --pacing lockstep --name Ann")
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()

        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-bo-\(tag)",
                                       command: "\(swipe) join ws://127.0.0.1:\(server.port)/\(code) --name Bo")
        defer { bo.kill() }
        #expect(try ann.waitFor("● Bo") != nil, "Ann never saw Bo join")
        try ann.keys("s")
        #expect(try ann.waitFor("Card 1 of") != nil)
        let boCard = try #require(try bo.waitFor("Card 1 of"), "Bo never saw the first card")
        #expect(boCard.contains("╭") && boCard.contains("╯"), "Bo's screen shows no card outline")

        // Bo drags the top card to the right: press near its centre, move in steps, release.
        var reports = ["\u{1B}[<0;29;11M"]
        for column in stride(from: 33, through: 49, by: 4) { reports.append("\u{1B}[<32;\(column);11M") }
        try bo.raw(reports)
        let midDrag = try bo.screen()
        #expect(midDrag.contains("LIKE"), "the LIKE overlay did not appear while dragging:\n\(midDrag)")
        try bo.raw(["\u{1B}[<0;49;11m"])
        #expect(try bo.waitFor("You voted") != nil, "Bo's drag did not become a vote")
        #expect(try bo.waitFor("waiting for Ann") != nil, "Bo's screen does not say the group waits for Ann")
        let annSees = try ann.waitFor("1/2 voted")
        let annScreen = try ann.screen()
        #expect(annSees != nil, "Bo's vote never reached Ann:\n\(annScreen)")

        // Ann votes nope with a key; the card resolves for both as no match (1 like of 2), and each
        // screen tells the group's outcome apart from its own vote.
        try ann.keys("h")
        #expect(try ann.waitFor("Card 2 of") != nil, "the card did not resolve on Ann's screen")
        #expect(try bo.waitFor("Card 2 of") != nil, "the card did not resolve on Bo's screen")
        let boOutcome = try bo.waitFor("No match — 1/2 liked")
        let boScreen = try bo.screen()
        #expect(boOutcome != nil, "Bo's screen does not show the group's outcome:\n\(boScreen)")
        #expect(try ann.waitFor("No match — 1/2 liked") != nil, "Ann's screen does not show the group's outcome")

        try ann.keys("q")
        try bo.keys("q")
        #expect(try ann.waitFor("SWIPE-EXITED 0") != nil, "Ann's client did not quit cleanly")
        #expect(try bo.waitFor("SWIPE-EXITED 0") != nil, "Bo's client did not quit cleanly")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func aSmallTerminalAsksForMoreRoomAndCtrlCRestoresIt() throws {
        guard let tmux = Self.tmux else { return }
        let swipe = builtProduct("swipe")
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let server = try ServerProcess()
        defer { server.stop() }
        let small = try ClientTmuxSession(tmux: tmux, name: "swipe-small-\(tag)", columns: 50, rows: 15,
                                          command: "\(swipe) create ws://127.0.0.1:\(server.port) --deck movies --name Cy")
        defer { small.kill() }
        #expect(try small.waitFor("Make the window larger") != nil)
        try small.keys("C-c")
        let after = try #require(try small.waitFor("SWIPE-EXITED 130"), "Ctrl-C did not end the client")
        #expect(!after.contains("Make the window larger"), "the screen was not restored after Ctrl-C")
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed"))
    func whenTheServerGoesAwayTheClientReconnectsAndKeepsANewVote() throws {
        guard let tmux = Self.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let swipe = builtProduct("swipe")
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-solo-\(tag)",
                                        command: "\(swipe) create ws://127.0.0.1:\(server.port) --deck movies --pacing free --name Ann")
        defer { ann.kill() }
        #expect(try ann.waitFor("Card 1 of") != nil, "a free-pacing room should start at once")
        server.stop()
        #expect(try ann.waitFor("reconnecting…") != nil, "the header never said reconnecting…")
        try ann.keys("l")
        let kept = try ann.waitFor("1 vote waiting for the server")
        let screen = try ann.screen()
        #expect(kept != nil, "the vote made while offline is not shown as kept:\n\(screen)")
        try ann.keys("q")
        #expect(try ann.waitFor("SWIPE-EXITED 0") != nil)
    }
}
