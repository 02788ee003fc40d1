import SwipeProtocol
import Testing
@testable import SwipeClient

/// The gateway's restricted client: links instead of files, and the lobby's lines.
@Suite struct ClientRestrictionTests {
    @Test func resultsLinksFollowTheServersScheme() throws {
        let plain = try WebSocketURL(parsing: "ws://swipe.example.org:7681")
        #expect(ClientRestriction.resultsLinks(server: plain, room: "ABCD")
            == ["http://swipe.example.org:7681/rooms/ABCD/results.csv", "http://swipe.example.org:7681/rooms/ABCD/results.json"])
        let tls = try WebSocketURL(parsing: "wss://[::1]:443")
        #expect(ClientRestriction.resultsLinks(server: tls, room: "ABCD").first == "https://[::1]:443/rooms/ABCD/results.csv")
    }

    @Test func theExportSaysWhereTheResultsAre() {
        var model = Fixtures.model(pacing: .lockstep)
        update(&model, .exported(.links(["http://h:1/rooms/K7QM/results.csv", "http://h:1/rooms/K7QM/results.json"])))
        #expect(model.notice?.text == "results: http://h:1/rooms/K7QM/results.csv and .json")
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
