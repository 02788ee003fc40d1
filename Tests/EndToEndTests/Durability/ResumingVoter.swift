import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol

/// A voter that survives server restarts by itself: the pure part. It votes through the deck in
/// order, one vote in flight at a time, each card with a fixed `seq` (its index + 1) so a resend
/// after a reconnect is the same vote. Kept in the test support: the client module has no
/// pending-vote/reconnect model yet (see the durable branch report).
///
/// ```swift
/// var voter = ResumingVoter(name: "Bo", cards: ["a", "b"], directions: [.left, .right])
/// voter.nextVote()            // .swipe(card "a", seq 1)
/// voter.handle(.voteAccepted(VoteAccepted(card: "a", vote: .nope, seq: 1)))
/// voter.acknowledged          // ["a": .nope]
/// ```
struct ResumingVoter {
    let name: String
    let cards: [CardID]
    let directions: [SwipeDirection]
    var member: MemberID?
    var token: String?
    var room: RoomCode?
    /// Index of the card to vote on next (the one in flight, if any).
    var position = 0
    /// Every vote the server acknowledged, by card.
    var acknowledged: [CardID: Vote] = [:]
    /// Votes the server refused for a reason that ends them (card already resolved, voting over).
    var refused: [CardID: ErrorCode] = [:]
    /// Resumed as someone else, or a similar broken promise (the test reports these).
    var problems: [String] = []

    var isDone: Bool { position >= cards.count }

    /// The vote to send now (a resend of the same card and seq until it is acknowledged).
    func nextVote() -> ClientMessage? {
        guard !isDone else { return nil }
        return .swipe(SwipeVote(card: cards[position], direction: directions[position], seq: position + 1))
    }

    /// The join that resumes this voter (nil before the first welcome).
    func resumeRequest() -> ClientMessage? {
        guard let room, let token else { return nil }
        return .join(JoinRoom(room: room, name: name, token: token))
    }

    mutating func handle(_ message: ServerMessage) {
        switch message {
        case let .welcome(welcome):
            if let member, member != welcome.you { problems.append("\(name) resumed as \(welcome.you), not \(member)") }
            member = welcome.you
            token = welcome.token
            room = welcome.room.code
        case let .voteAccepted(ack):
            guard !isDone, ack.card == cards[position], ack.seq == position + 1, !ack.undone else { return }
            if let vote = ack.vote { acknowledged[ack.card] = vote }
            position += 1
        case let .error(error):
            switch error.code {
            case .cardResolved, .notAllowed, .notCurrentCard:
                if !isDone { refused[cards[position]] = error.code; position += 1 }
            default:
                break
            }
        default:
            break
        }
    }
}

/// The shell around `ResumingVoter`: a BlockingWebSocket that it reconnects (with its token) when
/// the server goes away, resending the vote in flight.
final class ResumingVoterConnection {
    var voter: ResumingVoter
    private var socket: BlockingWebSocket?
    private let url: () -> String
    var reconnects = 0
    static let wait = 20.0

    init(voter: ResumingVoter, url: @escaping () -> String) {
        self.voter = voter
        self.url = url
    }

    /// Opens the first connection with `first` (create or join) and waits for the welcome.
    func start(_ first: ClientMessage) throws {
        let socket = try BlockingWebSocket(url: try WebSocketURL(parsing: url()), timeout: Self.wait)
        socket.send(first)
        guard let welcome = socket.receive(until: { $0.type == "welcome" }, timeout: Self.wait) else {
            throw ServerProcess.Failure(description: "\(voter.name): no welcome")
        }
        voter.handle(welcome)
        self.socket = socket
    }

    /// Sends the next vote (resuming first if the connection is gone) without waiting.
    func send() {
        guard let message = voter.nextVote() else { return }
        if socket?.isOpen != true || socket?.send(message) != true {
            resume()
            socket?.send(message)
        }
    }

    /// Waits for the answer to the vote in flight; on a dead connection resumes and resends until answered.
    func awaitAnswer() {
        let deadline = Date().addingTimeInterval(Self.wait * 3)
        while let expected = voter.nextVote(), Date() < deadline {
            guard let socket, socket.isOpen else { resume(); resend(expected); continue }
            let position = voter.position
            while voter.position == position,
                  let message = socket.receive(until: { $0.type == "voteAccepted" || $0.type == "error" }, timeout: Self.wait) {
                voter.handle(message)
            }
            if voter.position != position { return }
            resend(expected)   // timed out or closed: resume if needed and send the same seq again
        }
    }

    /// Waits up to `seconds` for the vote in flight to be acknowledged, without resending it: false
    /// when it was not (or the connection closed first).
    func acknowledged(within seconds: Double) -> Bool {
        let position = voter.position
        let deadline = Date().addingTimeInterval(seconds)
        while voter.position == position, let socket, socket.isOpen, deadline.timeIntervalSinceNow > 0,
              let message = socket.receive(until: { $0.type == "voteAccepted" }, timeout: deadline.timeIntervalSinceNow) {
            voter.handle(message)
        }
        return voter.position != position
    }

    private func resend(_ message: ClientMessage) {
        if socket?.isOpen != true { resume() }
        socket?.send(message)
    }

    /// Reconnects with the token, polling until the (restarted) server answers.
    private func resume() {
        socket?.close()
        socket = nil
        guard let request = voter.resumeRequest() else { return }
        let deadline = Date().addingTimeInterval(Self.wait * 3)
        while Date() < deadline {
            if let fresh = try? BlockingWebSocket(url: try WebSocketURL(parsing: url()), timeout: 5) {
                fresh.send(request)
                let answer = fresh.receive(until: { $0.type == "welcome" || $0.type == "error" }, timeout: Self.wait)
                if case .welcome? = answer, let answer {
                    voter.handle(answer)
                    socket = fresh
                    reconnects += 1
                    return
                }
                fresh.close()
                if case let .error(error)? = answer, error.retryAfter != nil {
                    usleep(100_000)   // the server is up but cannot serve yet (e.g. its store is back in a moment)
                    continue
                }
                if case let .error(error)? = answer {
                    // The server is up but does not know the room or token: the promise is broken.
                    voter.problems.append("\(voter.name) could not resume: \(error.code.rawValue): \(error.message)")
                    voter.position = voter.cards.count
                    return
                }
            }
            usleep(50_000)
        }
        voter.problems.append("\(voter.name) could not resume within \(Int(Self.wait * 3)) s")
    }

    func close() { socket?.close() }
}
