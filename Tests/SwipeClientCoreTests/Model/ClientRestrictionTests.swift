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

    @Test(arguments: [("SHA256:Y4Fe1v/KSkkIUbdrDMb3QzkfEzkbj3VbctMRPVUfb2I", true), ("SHA256:short", false),
                      ("MD5:Y4Fe1v/KSkkIUbdrDMb3QzkfEzkbj3VbctMRPVUfb2I", false), ("SHA256:Y4Fe1v/KSkkIUbdrDMb3Qzk\u{1b}[2J3VbctMRPVUfb2", false)])
    func onlyAFingerprintIsShownAsTheHostKey(_ text: String, _ kept: Bool) {
        #expect((ClientRestriction(publicServer: nil, hostKey: text).hostKey != nil) == kept)
    }

    /// Over the gateway the lobby shows, under the ssh line, the key members' ssh asks them to accept.
    @Test func theLobbyShowsTheGatewaysHostKeyUnderTheSSHLine() {
        var model = Fixtures.model(pacing: .lockstep)
        guard var room = model.room else { return }
        room.phase = .lobby
        var welcome = Welcome(you: "m1", token: "t", serverTime: 0, room: room)
        welcome.sshJoin = "ssh -t -p 2222 swipe@h"
        update(&model, .server(.welcome(welcome)))
        let key = "SHA256:Y4Fe1v/KSkkIUbdrDMb3QzkfEzkbj3VbctMRPVUfb2I"
        #expect(!view(model, size: TermSize(columns: 80, rows: 24)).plainText.contains("gateway key"))
        model.options.restriction = ClientRestriction(publicServer: nil, hostKey: key)
        #expect(view(model, size: TermSize(columns: 80, rows: 24)).plainText.contains("gateway key " + key))
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
