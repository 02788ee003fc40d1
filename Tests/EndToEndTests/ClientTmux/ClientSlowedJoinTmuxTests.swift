import Foundation
import Testing

/// A stranger on the same address (127.0.0.1 here, as behind one NAT) has guessed room codes until
/// the server slows that address: the real `swipe join` with the right code says why, counts down,
/// and joins; it does not exit refused.
@Suite(.serialized) struct ClientSlowedJoinTmuxTests {
    @Test(.enabled(if: ClientTmuxTests.tmux != nil, "tmux is not installed"))
    func swipeJoinWaitsOutASlowedAddressAndJoins() throws {
        guard let tmux = ClientTmuxTests.tmux else { return }
        let server = try ServerProcess(arguments: ["--failed-joins-per-minute", "2", "--slowed-join-interval", "3"])
        defer { server.stop() }
        let room = try RawRoom.create(on: server)
        let stranger = try SecuritySharedAddressTests.open(server)
        let guesses = ["AAAA-AAAA-AA", "BBBB-BBBB-BB", "CCCC-CCCC-CC"].map { SecuritySharedAddressTests.join(stranger, $0, as: "Mallory") }
        #expect(guesses == ["unknownRoom", "unknownRoom", "rateLimited"])

        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let bo = try ClientTmuxSession(tmux: tmux, name: "swipe-slowed-\(tag)",
                                       command: "\(builtProduct("swipe")) join ws://127.0.0.1:\(server.port)/\(room.code) --name Bo")
        defer { bo.kill() }
        let waiting = try #require(try bo.waitFor("joining in"), "no countdown on screen")
        #expect(waiting.contains("the server is slowing joins"), "\(waiting)")
        let lobby = try #require(try bo.waitFor("lobby", seconds: 15), "Bo never reached the lobby")
        #expect(!lobby.contains("SWIPE-EXITED"), "\(lobby)")
        #expect(SecurityAccessTests.nextText(room.host)?.contains(#""name":"Bo""#) == true, "Ann never heard of Bo")
        #expect(server.terminate() == 0)
    }

    @Test(.enabled(if: ClientTmuxTests.tmux != nil, "tmux is not installed"))
    func swipeAtTheConnectionCapGetsInAndTheIdleSocketMakesWay() throws {
        // Before issue 23 (item 2) `swipe create` was turned away (429, exit 2) while a socket that
        // joined no room held the address's share; now that socket makes way at once.
        guard let tmux = ClientTmuxTests.tmux else { return }
        let server = try ServerProcess(arguments: ["--max-connections-per-address", "1", "--slowed-join-interval", "600"])
        defer { server.stop() }
        let holder = try SecuritySharedAddressTests.open(server)   // new: no age rule would hang it up for 20 minutes
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let ann = try ClientTmuxSession(tmux: tmux, name: "swipe-capped-\(tag)",
                                        command: "\(builtProduct("swipe")) create ws://127.0.0.1:\(server.port) --deck movies --name Ann")
        defer { ann.kill() }
        let lobby = try #require(try ann.waitFor("lobby", seconds: 15), "Ann never reached the lobby")
        #expect(!lobby.contains("SWIPE-EXITED"), "\(lobby)")
        #expect(holder.readUntilClose().closeCode == 1008)
        #expect(server.terminate() == 0)
    }
}
