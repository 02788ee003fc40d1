import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// The client's name limit is the server's: a real server cuts a longer name to exactly
/// `MemberName.maxLength` characters, and `swipe` refuses such a name before connecting (item 10).
@Suite struct ClientNameLimitTests {
    @Test func theServerCutsNamesWhereTheClientRefusesThem() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let long = String(repeating: "Zé👩‍👩‍👧", count: 14)   // 42 characters
        let host = try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: 10)
        host.send(.create(CreateRoom(name: long, deck: "movies")))
        guard case let .welcome(welcome)? = host.receive(until: { $0.type == "welcome" }, timeout: 10) else {
            Issue.record("no welcome")
            return
        }
        let kept = welcome.room.members.first { $0.id == welcome.you }?.name
        #expect(kept == String(long.prefix(MemberName.maxLength)))
        #expect(MemberName.problem(with: long) != nil && MemberName.problem(with: kept ?? "") == nil)
    }

    @Test func swipeRefusesALongNameBeforeConnecting() throws {
        let swipe = builtProduct("swipe")
        let long = String(repeating: "x", count: MemberName.maxLength + 1)
        for arguments in [["join", "ws://127.0.0.1:1/K7QM", "--name", long], ["create", "ws://127.0.0.1:1", "--deck", "movies", "--name", long],
                          ["demo", "--name", long]] {
            let result = try clientRun(swipe, arguments)
            #expect(result.status == 64, "\(arguments[0]): \(result.output)")
            #expect(result.output.contains("--name is too long (33 characters; at most 32"), "\(arguments[0]): \(result.output)")
        }
        // Exactly the limit passes the check: the client goes on to dial (and finds no server).
        let fits = try clientRun(swipe, ["join", "ws://127.0.0.1:1/K7QM", "--name", String(repeating: "x", count: MemberName.maxLength)])
        #expect(fits.status != 64 && !fits.output.contains("--name"), "\(fits.output)")
    }
}
