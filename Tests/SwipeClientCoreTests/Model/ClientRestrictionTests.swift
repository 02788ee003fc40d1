import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// The gateway's restricted client: links instead of files, and the lobby's lines.
@Suite struct ClientRestrictionTests {
    @Test func resultsLinksFollowTheServersScheme() throws {
        let plain = try WebSocketURL(parsing: "ws://swipe.example.org:7681")
        #expect(ClientRestriction.resultsLinks(server: plain, room: "ABCD")
            == ["http://swipe.example.org:7681/rooms/ABCD/results.csv", "http://swipe.example.org:7681/rooms/ABCD/results.json"])
        let tls = try WebSocketURL(parsing: "wss://[::1]:443")
        #expect(ClientRestriction.resultsLinks(server: tls, room: "ABCD").first == "https://[::1]:443/rooms/ABCD/results.csv")
    }

    /// The host's `e` over the gateway: the room's links on the address members reach, and nothing
    /// asked of the server or written on the gateway's host; with no public address, where to look.
    @Test func theExportSaysWhereTheResultsAre() throws {
        var model = UpdateHostTests.host()
        let code = try #require(model.room?.code)
        model.options.restriction = ClientRestriction(publicServer: try WebSocketURL(parsing: "ws://h:1"))
        #expect(update(&model, .key(.character("e"))).isEmpty)
        #expect(model.notice?.text == "results: http://h:1/rooms/\(code.rawValue)/results.csv and .json")
        model.options.restriction = ClientRestriction(publicServer: nil)
        #expect(update(&model, .key(.character("e"))).isEmpty)
        #expect(model.notice?.text.contains("no public address") == true)
        #expect(model.notice?.text.contains("127.0.0.1") == false)
    }

    @Test func theLobbyShowsEachWayIn() throws {
        let server = try WebSocketURL(parsing: "ws://127.0.0.1:7681")
        #expect(RoomInvite.commands(server: server, sshJoin: "ssh -t -p 2222 swipe@h", room: "ABCD")
            == ["swipe join ws://127.0.0.1:7681/ABCD --name NAME", "ssh -t -p 2222 swipe@h ABCD"])
        #expect(RoomInvite.commands(server: nil, sshJoin: nil, room: "ABCD").isEmpty)
    }

    @Test func theWelcomesSSHLineIsKeptCleaned() {
        var model = Fixtures.model(pacing: .lockstep)
        guard let room = model.room else { return }
        var welcome = Welcome(you: "m1", token: "t", serverTime: 0, room: room)
        welcome.sshJoin = "ssh -t -p 2222 swipe@h\u{1b}[2J"
        update(&model, .server(.welcome(welcome)))
        #expect(model.sshJoin?.contains("\u{1b}") == false)
        #expect(model.sshJoin?.hasPrefix("ssh -t -p 2222 swipe@h") == true)
    }
}
