import Foundation
import SwipeClient
import SwipeProtocol

/// One member of a cluster session: a real WebSocket to one node (or the proxy) and everything it received.
final class ClusterMember {
    let name: String
    let socket: BlockingWebSocket
    var received: [ServerMessage] = []
    var welcome: Welcome?

    init(name: String, url: String, first: ClientMessage) throws {
        self.name = name
        socket = try BlockingWebSocket(url: try WebSocketURL(parsing: url), timeout: 10)
        socket.send(first)
        guard pump(until: { if case .welcome = $0 { true } else { false } }), case let .welcome(welcome)? = received.last else {
            throw ServerProcess.Failure(description: "\(name): no welcome at \(url) (got \(received.map(\.type)))")
        }
        self.welcome = welcome
    }

    var member: MemberID? { welcome?.you }

    /// Reads until a message satisfies `predicate` (true) or `timeout` seconds pass (false).
    @discardableResult
    func pump(timeout: Double = 15, until predicate: (ServerMessage) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard let message = socket.receive(timeout: max(0.01, deadline.timeIntervalSinceNow)) else { return false }
            received.append(message)
            if predicate(message) { return true }
        }
        return false
    }

    /// What every member must see alike: tallies, resolutions and matches, in order.
    var groupEvents: [String] {
        received.compactMap { message in
            switch message {
            case let .tally(tally): "tally \(tally)"
            case let .cardResolved(resolved): "resolved \(resolved.card) \(resolved.outcome) \(resolved.tally)"
            case let .match(match): "match \(match)"
            default: nil
            }
        }
    }

    func errors() -> [ProtocolError] {
        received.compactMap { if case let .error(error) = $0 { error } else { nil } }
    }
}
