import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// The protocol versions in one room: protocol 2 gets one message per vote (the tally with the
/// voter's marks), protocol 1 also the memberUpdated after it; protocol 3 gets one message per
/// resolution (the cardResolved with its animations and match), 1 and 2 those as messages of their own.
@Suite(.serialized) struct ServerProtocolVersionTests {
    static func connect(_ server: ServerProcess, offering offer: String) throws -> BlockingWebSocket {
        try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: ServerSessionTests.wait, subprotocol: offer)
    }

    /// A lockstep majority room made by Ann over `hostOffer`, and one socket per other offer, joined
    /// in order (Bo, Cy); each with the version its welcome named.
    static func room(_ server: ServerProcess, hostOffer: String, others: [String]) throws -> [(BlockingWebSocket, Int)] {
        let ann = try connect(server, offering: hostOffer)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .lockstep)))
        let annWelcome = try #require(ServerSessionTests.welcome(ann))
        var sockets = [(ann, annWelcome.protocol)]
        for (offer, name) in zip(others, ["Bo", "Cy"]) {
            let socket = try connect(server, offering: offer)
            socket.send(.join(JoinRoom(room: annWelcome.room.code, name: name)))
            sockets.append((socket, try #require(ServerSessionTests.welcome(socket)).protocol))
        }
        ann.send(.host(HostCommand(command: .start)))
        for (socket, _) in sockets { _ = drain(socket) }
        return sockets
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
        let joined = try Self.room(server, hostOffer: "swipedeck.v2, swipedeck.v1", others: ["swipedeck.v1"])
        #expect(joined.map(\.1) == [2, 1])
        let ann = joined[0].0, bo = joined[1].0

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

    @Test func aResolutionIsOneMessageForProtocol3AndItsPartsForProtocols1And2() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let joined = try Self.room(server, hostOffer: ProtocolVersion.offered.joined(separator: ", "),
                                   others: ["swipedeck.v2", "swipedeck.v1"])
        #expect(joined.map(\.1) == [3, 2, 1])
        let sockets = joined.map(\.0)

        let votesAndMarks: Set = ["voteAccepted", "tally", "memberUpdated"]
        var seen: [[ServerMessage]] = [[], [], []]
        for (index, socket) in sockets.enumerated() {
            socket.send(.swipe(SwipeVote(card: "dune", direction: .right)))
            seen[index] += Self.drain(socket)   // the vote is applied before the next one is sent
        }
        for (index, socket) in sockets.enumerated() { seen[index] += Self.drain(socket) }
        seen = seen.map { $0.filter { !votesAndMarks.contains($0.type) } }
        let annSaw = seen[0], boSaw = seen[1], cySaw = seen[2]
        #expect(annSaw.map(\.type) == ["cardResolved"], "protocol 3: \(annSaw.map(\.type))")
        guard case let .cardResolved(whole)? = annSaw.first else { return }
        let animations = try #require(whole.animations)
        #expect(animations.first?.kind == .flyOff && animations.first?.card == "dune")
        #expect(whole.matched?.id == "dune")
        for older in [boSaw, cySaw] {
            let expected = Array(repeating: "animation", count: animations.count) + ["cardResolved", "match"]
            #expect(older.map(\.type) == expected, "protocols 1 and 2: \(older.map(\.type))")
            let played = older.compactMap { message -> CardAnimation? in
                if case let .animation(animation) = message { return animation } else { return nil }
            }
            #expect(played == animations, "the same animations, in the same order")
            guard case let .cardResolved(plain)? = older.dropLast().last, case let .match(match)? = older.last else { continue }
            #expect(plain.animations == nil && plain.matched == nil)
            #expect(plain.visible == whole.visible && plain.remaining == whole.remaining && plain.tally == whole.tally)
            #expect(match.card == whole.matched && match.tally == whole.tally)
        }
        sockets.forEach { $0.close() }
    }
}
