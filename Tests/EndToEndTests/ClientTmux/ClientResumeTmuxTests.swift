import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// Bo's `swipe` is killed mid-card (a crash); he runs `swipe join` again under his name and is the
/// same member, with his vote; `--fresh` makes someone new, who needs a name of their own (Bo is
/// still a member: the name is refused, `nameTaken`, and another is asked for).
@Suite(.serialized) struct ClientResumeTmuxTests {
    @Test(.enabled(if: ClientTmuxTests.tmux != nil, "tmux is not installed"))
    func aCrashedClientJoinsAgainAsTheSameMemberWithItsVote() throws {
        guard let tmux = ClientTmuxTests.tmux else { return }
        let server = try ServerProcess()
        defer { server.stop() }
        let swipe = builtProduct("swipe")
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let boState = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-bo-state-\(tag)").path
        defer { try? FileManager.default.removeItem(atPath: boState) }
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-ann-\(tag)",
                                        command: "\(swipe) create ws://127.0.0.1:\(server.port) --deck movies --pacing lockstep --name Ann")
        defer { ann.kill() }
        let code = try ann.lobbyRoomCode()
        let join = "\(swipe) join ws://127.0.0.1:\(server.port)/\(code) --name Bo"

        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-bo-\(tag)", stateHome: boState, command: join)
        defer { bo.kill() }
        #expect(try ann.waitFor("● Bo") != nil, "Ann never saw Bo join")
        try ann.keys("s")
        #expect(try bo.waitFor("Card 1 of") != nil)
        try bo.keys("l")
        #expect(try ann.waitFor("1/2 voted") != nil, "Bo's vote never reached Ann")
        let pid = try #require(try bo.childPID())
        kill(pid, SIGKILL)
        // The killed client leaves its last frame and the cursor wherever it was: the shell's line
        // may wrap at the right edge, so it is read with wrapped lines joined.
        let died: Bool? = try clientPoll(seconds: 10) { try bo.joinedScreen().contains("SWIPE-EXITED 137") ? true : nil }
        #expect(died == true, "Bo's client did not die")
        #expect(try ann.waitFor("○ Bo") != nil, "Ann never saw Bo go")

        let again = try ClientTmuxSession(tmux: tmux, name: "swipe-bo2-\(tag)", stateHome: boState, command: join)
        defer { again.kill() }
        let back = try again.waitFor("You voted")
        let backScreen = try again.screen()
        #expect(back != nil, "Bo came back without his vote:\n\(backScreen)")
        #expect(try ann.waitFor("● Bo") != nil, "Ann does not see Bo back")
        let annScreen = try ann.screen()
        #expect(annScreen.contains("GROUP (2)") && annScreen.contains("1/2 voted"), "Bo came back as someone new:\n\(annScreen)")
        // The new process's votes count: its first one is not taken for a resend of the old process's.
        try ann.keys("l")
        #expect(try again.waitFor("Card 2 of") != nil, "card 1 did not resolve")
        try again.keys("l")
        try ann.keys("l")
        let third = try ann.waitFor("Card 3 of")
        #expect(third != nil, "Bo's vote from the new process was not counted:\n\((try? ann.screen()) ?? "")")

        let fresh = try ClientTmuxSession(tmux: tmux, name: "swipe-bo3-\(tag)", stateHome: boState, command: join + " --fresh")
        defer { fresh.kill() }
        #expect(try fresh.waitFor("Another name", seconds: 15) != nil, "--fresh under Bo's name was not asked for another:\n\((try? fresh.screen()) ?? "")")
        try fresh.keys("-l", "Bo Two")
        try fresh.keys("Enter")
        #expect(try ann.waitFor("GROUP (3)") != nil, "--fresh did not join as a new member")
    }

    /// How `swipe` stops decides whether the card waits for it: Ctrl-C is a goodbye (the card is
    /// decided at once), a lost terminal (SIGHUP) a drop (the card waits, and `swipe join` again
    /// gets Bo back to vote). Ann is a WebSocket client; the grace is far longer than the test.
    @Test(.enabled(if: ClientTmuxTests.tmux != nil, "tmux is not installed"), arguments: [(SIGINT, false), (SIGHUP, true)])
    func aLostTerminalIsWaitedForAndCtrlCIsNot(_ signal: Int32, _ waits: Bool) throws {
        guard let tmux = ClientTmuxTests.tmux else { return }
        let server = try ServerProcess(arguments: ["--drop-grace", "600"])
        defer { server.stop() }
        let swipe = builtProduct("swipe")
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let boState = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-bo-state-\(tag)").path
        defer { try? FileManager.default.removeItem(atPath: boState) }
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", cards: DurabilityRestartTests.cards, rule: .majority, pacing: .lockstep)))
        let code = try #require(ServerSessionTests.welcome(ann)).room.code
        let join = "\(swipe) join ws://127.0.0.1:\(server.port)/\(code.rawValue) --name Bo"
        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-sigbo-\(tag)", stateHome: boState, command: join)
        defer { bo.kill() }
        #expect(ann.receive(until: { $0.type == "memberJoined" }, timeout: 10) != nil, "Bo never joined")
        ann.send(.host(HostCommand(command: .start)))
        try DurabilityRestartTests.vote(ann, "d1", .right)
        #expect(try bo.waitFor("Card 1 of") != nil)
        let pid = try #require(try bo.childPID())
        kill(pid, signal)
        let next = ann.receive(until: { $0.type == "memberOffline" || $0.type == "cardResolved" }, timeout: 10)
        #expect(next?.type == "memberOffline")
        if waits {
            let again = try ClientTmuxSession(tmux: tmux, name: "swipe-sigbo2-\(tag)", stateHome: boState, command: join)
            defer { again.kill() }
            #expect(try again.waitFor("Card 1 of") != nil, "Bo did not come back")
            try again.keys("l")
            guard case let .cardResolved(resolved)? = ServerSessionTests.next(ann, "cardResolved") else {
                Issue.record("the card never resolved"); return
            }
            #expect(resolved.tally.voted == 2, "the card was decided without Bo: \(resolved.tally)")
        } else {
            guard case let .cardResolved(resolved)? = ServerSessionTests.next(ann, "cardResolved") else {
                Issue.record("Ctrl-C did not let the card resolve"); return
            }
            #expect(resolved.tally == Tally(card: "d1", likes: 1, voted: 1, eligible: 1))
        }
    }

    /// Bo's connection is gone (the process stopped past the idle timeout) when the host removes
    /// him; when it comes back, the resume is refused and swipe ends as removed (4), not as a new member.
    @Test(.enabled(if: ClientTmuxTests.tmux != nil, "tmux is not installed"))
    func aMemberRemovedWhileAwayIsToldSoWhenBack() throws {
        guard let tmux = ClientTmuxTests.tmux else { return }
        let server = try ServerProcess(arguments: ["--ping-interval", "1", "--idle-timeout", "2"])
        defer { server.stop() }
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", cards: DurabilityRestartTests.cards, rule: .majority, pacing: .lockstep)))
        let code = try #require(ServerSessionTests.welcome(ann)).room.code
        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-awaybo-\(tag)",
                                       command: "\(builtProduct("swipe")) join ws://127.0.0.1:\(server.port)/\(code.rawValue) --name Bo")
        defer { bo.kill() }
        #expect(ann.receive(until: { $0.type == "memberJoined" }, timeout: 10) != nil, "Bo never joined")
        let pid = try #require(try bo.childPID())
        kill(pid, SIGSTOP)
        #expect(ann.receive(until: { $0.type == "memberOffline" }, timeout: 15) != nil, "Bo's silent connection was never closed")
        ann.send(.host(HostCommand(command: .kick, member: "m2")))
        #expect(ann.receive(until: { $0.type == "memberLeft" }, timeout: 10) != nil, "the kick did not happen")
        kill(pid, SIGCONT)
        #expect(try bo.waitFor("The host removed you from the room.", seconds: 20) != nil, "Bo was not told")
        try bo.keys("x")
        #expect(try bo.waitFor("SWIPE-EXITED 4") != nil, "swipe did not end as removed")
        #expect(ann.receive(until: { $0.type == "memberJoined" }, timeout: 1) == nil, "Bo came back as a new member")
    }
}
