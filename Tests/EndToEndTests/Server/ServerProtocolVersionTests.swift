import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// Both protocol versions in one room: protocol 2 gets one message per vote (the tally with the
/// voter's marks), protocol 1 also the memberUpdated after it.
@Suite(.serialized) struct ServerProtocolVersionTests {
    static func connect(_ server: ServerProcess, offering offer: String) throws -> BlockingWebSocket {
        try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: ServerSessionTests.wait, subprotocol: offer)
    }

    /// Everything `socket` receives up to the answer to a ping sent now (the server answers in order).
    static func drain(_ socket: BlockingWebSocket) -> [ServerMessage] {
        socket.send(.ping(Ping(t: 42)))
        var seen: [ServerMessage] = []
        while let message = socket.receive(until: { _ in true }, timeout: ServerSessionTests.wait) {
            if case .pong = message { break }
            seen.append(message)
        }
        return seen
    }

    @Test func aVoteIsOneMessageForProtocol2AndTwoForProtocol1() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let ann = try Self.connect(server, offering: "swipedeck.v2, swipedeck.v1")
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .lockstep)))
        let annWelcome = try #require(ServerSessionTests.welcome(ann))
        #expect(annWelcome.protocol == 2)
        let bo = try Self.connect(server, offering: "swipedeck.v1")
        bo.send(.join(JoinRoom(room: annWelcome.room.code, name: "Bo")))
        #expect(try #require(ServerSessionTests.welcome(bo)).protocol == 1)
        ann.send(.host(HostCommand(command: .start)))
        _ = Self.drain(ann)
        _ = Self.drain(bo)

        bo.send(.swipe(SwipeVote(card: "dune", direction: .right)))
        let boSaw = Self.drain(bo)      // first: the vote is applied (and Ann's copy queued) before Ann's ping
        let annSaw = Self.drain(ann)
        #expect(annSaw.map(\.type) == ["tally"], "protocol 2: \(annSaw.map(\.type))")
        guard case let .tally(tally)? = annSaw.first else { return }
        #expect(tally.voter == "m2")
        #expect(tally.voterVotesCast == 1)
        #expect(tally.voterVotedCurrent == true)
        #expect(boSaw.map(\.type) == ["voteAccepted", "tally", "memberUpdated"], "protocol 1: \(boSaw.map(\.type))")
        [ann, bo].forEach { $0.close() }
    }
}
