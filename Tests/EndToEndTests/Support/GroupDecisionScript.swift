import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol
import Testing

/// One member of a scripted group decision over protocol 4: a real WebSocket that, after its
/// server (or node) went away, joins again with its token wherever `url` says to.
final class DecisionMember {
    let name: String
    let url: () -> String
    var socket: BlockingWebSocket?
    var welcome: Welcome?
    var token: String?
    var room: RoomCode?
    var seq = 1
    var reconnects = 0

    init(name: String, url: @escaping () -> String) {
        self.name = name
        self.url = url
    }

    /// Opens a connection and sends `first` (a create or join); returns the welcome.
    @discardableResult
    func connect(_ first: ClientMessage, timeout: Double = 20) throws -> Welcome {
        let deadline = Date().addingTimeInterval(timeout)
        var last = "no attempt"
        while Date() < deadline {
            socket?.close()
            guard let socket = try? BlockingWebSocket(url: try WebSocketURL(parsing: url()), timeout: 5,
                                                      subprotocol: ProtocolVersion.subprotocol) else {
                last = "cannot connect to \(url())"
                Thread.sleep(forTimeInterval: 0.1)
                continue
            }
            self.socket = socket
            socket.send(first)
            switch socket.receive(until: { $0.type == "welcome" || $0.type == "error" }, timeout: 10) {
            case let .welcome(welcome)?:
                self.welcome = welcome
                token = welcome.token
                room = welcome.room.code
                seq = max(seq, welcome.nextSeq ?? 1)
                return welcome
            case let .error(error)?:
                last = "\(error.code.rawValue): \(error.message)"
                Thread.sleep(forTimeInterval: 0.2)
            default:
                last = "no welcome"
            }
        }
        throw ServerProcess.Failure(description: "\(name): \(last)")
    }

    /// Joins again with the token (after a kill).
    @discardableResult
    func resume() throws -> Welcome {
        reconnects += 1
        guard let room, let token else { throw ServerProcess.Failure(description: "\(name) was never in a room") }
        return try connect(.join(JoinRoom(room: room, name: name, token: token)))
    }

    func send(_ message: ClientMessage) { _ = socket?.send(message) }

    /// The first message that satisfies `predicate` within `timeout` seconds.
    func next(_ timeout: Double = 10, _ predicate: (ServerMessage) -> Bool) -> ServerMessage? {
        socket?.receive(until: predicate, timeout: timeout)
    }

    /// Votes on `card` and waits for its acknowledgement.
    func vote(_ card: CardID, _ direction: SwipeDirection) throws {
        let vote = SwipeVote(card: card, direction: direction, seq: seq)
        seq += 1
        send(.swipe(vote))
        try acknowledged(vote)
    }

    /// Votes on `card`, then `disrupt` kills the server with the vote in flight; after `resume` the
    /// same vote goes again with the same `seq`, so it counts once.
    func voteAcrossCrash(_ card: CardID, _ direction: SwipeDirection, disrupt: () throws -> Void) throws {
        let vote = SwipeVote(card: card, direction: direction, seq: seq)
        seq += 1
        send(.swipe(vote))
        try disrupt()
        try resume()
        send(.swipe(vote))
        try acknowledged(vote)
    }

    private func acknowledged(_ vote: SwipeVote) throws {
        let answer = next { message in
            if case let .voteAccepted(accepted) = message { return accepted.card == vote.card }
            return message.type == "error"
        }
        guard case .voteAccepted? = answer else {
            throw ServerProcess.Failure(description: "\(name)'s vote on \(vote.card) was not acknowledged: \(String(describing: answer))")
        }
    }

    func close() { socket?.close() }
}

/// The group decision that must survive crashes: Ann's lockstep room over Pho and Tacos; Bo
/// proposes Curry, Ann proposes Sushi (in flight across a crash) and withdraws Curry; the room
/// starts over Pho, Tacos and Sushi; Pho and Tacos match; the final round gives Pho. `disrupt`
/// kills the server or a node between (and during) the steps; every member then resumes.
/// Returns the room code; the caller reads the results.
enum GroupDecisionScript {
    static let cards = [Card(id: "pho", title: "Pho"), Card(id: "tacos", title: "Tacos")]

    static func run(ann: DecisionMember, bo: DecisionMember, disrupt: () throws -> Void) throws -> RoomCode {
        let everyone = [ann, bo]
        func crash() throws {
            try disrupt()
            for member in everyone { try member.resume() }
        }
        try ann.connect(.create(CreateRoom(name: "Ann", cards: cards, rule: .majority, pacing: .lockstep)))
        let code = try #require(ann.room)
        try bo.connect(.join(JoinRoom(room: code, name: "Bo")))

        // An acknowledged proposal survives.
        bo.send(.propose(ProposeOption(title: "Curry")))
        #expect(bo.next { $0.type == "proposalAdded" } != nil, "Curry was not acknowledged")
        try crash()
        #expect(ann.welcome?.room.proposals?.map(\.title) == ["Curry"])

        // A proposal in flight across a crash is there once: sent again, it is either added or refused as a duplicate.
        ann.send(.propose(ProposeOption(title: "Sushi")))
        try crash()
        ann.send(.propose(ProposeOption(title: "Sushi")))
        let answer = ann.next { $0.type == "proposalAdded" || $0.type == "error" }
        if case let .error(error)? = answer { #expect(error.code == .duplicateOption, "\(error)") }
        try crash()
        #expect(ann.welcome?.room.proposals?.map(\.title) == ["Curry", "Sushi"])

        // A withdrawal survives.
        let curry = try #require(ann.welcome?.room.proposals?.first?.id)
        ann.send(.withdraw(WithdrawProposal(proposal: curry)))
        #expect(ann.next { $0.type == "proposalRemoved" } != nil)
        try crash()
        #expect(bo.welcome?.room.proposals?.map(\.title) == ["Sushi"])

        // The start freezes the deck, and that survives.
        ann.send(.host(HostCommand(command: .start)))
        #expect(ann.next { if case let .phase(change) = $0 { change.phase == .voting } else { false } } != nil)
        try crash()
        #expect(bo.welcome?.room.visible.map(\.title) == ["Pho", "Tacos", "Sushi"])

        // Pho and Tacos match, Sushi does not; one vote is in flight across a crash.
        try ann.vote("pho", .right)
        try bo.voteAcrossCrash("pho", .right, disrupt: disrupt)
        try ann.resume()
        try ann.vote("tacos", .right)
        try bo.vote("tacos", .right)
        try crash()
        try ann.vote("sushi", .left)
        try bo.vote("sushi", .left)
        #expect(ann.next { if case let .phase(change) = $0 { change.phase == .finished } else { false } } != nil)
        try crash()
        #expect(ann.welcome?.room.matches == ["pho", "tacos"])

        // The final round: acknowledged by everyone's fresh welcome; survives; Pho wins.
        ann.send(.host(HostCommand(command: .finalRound)))
        #expect(bo.next { if case let .welcome(welcome) = $0 { welcome.room.finalRound != nil } else { false } } != nil)
        try crash()
        #expect(bo.welcome?.room.finalRound == FinalRoundInfo(round: 1, cards: ["pho", "tacos"]))
        let round = try #require(bo.welcome?.room.visible.map(\.id))
        try ann.vote(round[0], .right)
        try bo.vote(round[0], .right)
        try crash()
        try ann.vote(round[1], .left)
        try bo.vote(round[1], .left)
        #expect(ann.next { $0.type == "winner" } != nil, "no winner message")
        try crash()
        #expect(ann.welcome?.room.winner?.card.id == "pho")
        return code
    }

    /// What the results must say after the script: Pho won round 1; every vote counted once.
    static func verify(_ results: Results) {
        #expect(results.final)
        #expect(results.winner == "pho")
        #expect(results.ranking.map(\.card).sorted { $0.rawValue < $1.rawValue } == ["pho", "sushi", "tacos"])
        #expect(results.rounds?.count == 1)
        for row in results.ranking + (results.rounds ?? []).flatMap(\.ranking) {
            #expect(row.votes.count == 2 && row.likes + row.nopes + row.superLikes == 2, "\(row.card) counted \(row.votes)")
        }
        #expect(results.ranking.first { $0.card == "pho" }?.votes == ["Ann": .like, "Bo": .like])
        #expect(results.rounds?.first?.ranking.first?.card == "pho")
    }
}
