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
        let joined = try Self.room(server, hostOffer: "swipedeck.v3, swipedeck.v2, swipedeck.v1",
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

    /// Protocol 4's proposals and final round in a room that also holds protocol 3 and 1 members:
    /// only the version-4 member gets proposalAdded, proposalRemoved and winner; the others see the
    /// frozen proposals and each round's cards as their deck through a fresh welcome, swipe them like
    /// any card, and read the winner in the results.
    @Test func olderVersionsTakePartInProposalsAndAFinalRound() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let ann = try Self.connect(server, offering: ProtocolVersion.offered.joined(separator: ", "))
        ann.send(.create(CreateRoom(name: "Ann", cards: [Card(id: "pho", title: "Pho")], rule: .majority, pacing: .lockstep)))
        let annWelcome = try #require(ServerSessionTests.welcome(ann))
        #expect(annWelcome.protocol == ProtocolVersion.current)   // 5: what offering every version gets
        var sockets = [ann]
        for (offer, name) in [("swipedeck.v3", "Bo"), ("swipedeck.v1", "Cy")] {
            let socket = try Self.connect(server, offering: offer)
            socket.send(.join(JoinRoom(room: annWelcome.room.code, name: name)))
            _ = try #require(ServerSessionTests.welcome(socket))
            sockets.append(socket)
        }
        let (bo, cy) = (sockets[1], sockets[2])
        // An older client's proposal is refused, naming the version it needs (it could never hear
        // back: proposalAdded is protocol 4's); the version-4 member proposes for the group.
        for (socket, version) in [(bo, 3), (cy, 1)] {
            socket.send(.propose(ProposeOption(title: "Sushi")))
            socket.send(.withdraw(WithdrawProposal(proposal: "p1")))
            let refusals = Self.drain(socket).compactMap { if case let .error(e) = $0 { e } else { nil } }
            #expect(refusals.map(\.code) == [.notAllowed, .notAllowed])
            #expect(refusals.first?.message == "propose: needs protocol 4 (subprotocol swipedeck.v4); this connection speaks protocol \(version)")
            #expect(refusals.last?.message.hasPrefix("withdraw: needs protocol 4") == true)
        }
        var annSaw: [String] = []
        for title in ["Tacos", "Curry", "Ramen"] {
            ann.send(.propose(ProposeOption(title: title)))
            annSaw += Self.drain(ann).map(\.type)
        }
        #expect(annSaw.filter { $0 == "proposalAdded" }.count == 3, "\(annSaw)")
        #expect(!Self.drain(bo).contains { $0.type == "proposalAdded" })
        #expect(!Self.drain(cy).contains { $0.type == "proposalAdded" })
        ann.send(.withdraw(WithdrawProposal(proposal: "p3")))
        ann.send(.host(HostCommand(command: .start)))
        for socket in sockets {
            let seen = Self.drain(socket)
            #expect(!seen.contains { $0.type == "proposalRemoved" } || socket === ann)
            let welcome = seen.compactMap { if case let .welcome(w) = $0 { w } else { nil } }.last
            #expect(welcome?.room.visible.map(\.title) == ["Pho", "Tacos", "Curry"], "the frozen deck, for every version")
        }
        // Pho and Tacos match; Curry does not; the final round gives Tacos.
        for (card, direction) in [("pho", SwipeDirection.right), ("tacos", .right), ("curry", .left)] {
            for socket in sockets { socket.send(.swipe(SwipeVote(card: CardID(card), direction: direction))) }
            for socket in sockets { _ = Self.drain(socket) }
        }
        ann.send(.host(HostCommand(command: .finalRound)))
        for socket in sockets {
            let welcome = Self.drain(socket).compactMap { if case let .welcome(w) = $0 { w } else { nil } }.last
            #expect(welcome?.room.visible.map(\.id) == ["pho~r1", "tacos~r1"])
        }
        for (card, direction) in [("pho~r1", SwipeDirection.left), ("tacos~r1", .right)] {
            for socket in sockets { socket.send(.swipe(SwipeVote(card: CardID(card), direction: direction))) }
            for socket in sockets { _ = Self.drain(socket) }
        }
        let response = try ServerRawSocket.get(port: server.port, path: "/rooms/\(annWelcome.room.code)/results.json")
        let results = try JSONDecoder().decode(Results.self, from: Data(response.body.utf8))
        #expect(results.winner == "tacos")
        sockets.forEach { $0.close() }
    }
}
