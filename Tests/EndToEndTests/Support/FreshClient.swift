import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol

/// What every hostile-traffic test checks last: the server is still up, and a newcomer can create a
/// room, start it and have a vote acknowledged.
enum FreshClient {
    /// True when a new client created a room and got `voteAccepted` for its first vote.
    /// `tls`: over wss:// (a server started with a throwaway certificate: not verified).
    static func createsARoomAndVotes(on server: ServerProcess, timeout: Double = 10, tls: Bool = false) -> Bool {
        let address = tls ? server.url.replacingOccurrences(of: "ws://", with: "wss://") : server.url
        guard server.process.isRunning,
              let url = try? WebSocketURL(parsing: address),
              let client = try? BlockingWebSocket(url: url, timeout: timeout, insecure: tls) else { return false }
        defer { client.close() }
        client.send(.create(CreateRoom(name: "Fresh", deck: "movies", pacing: .lockstep)))
        guard case let .welcome(welcome)? = client.receive(until: { $0.type == "welcome" || $0.type == "error" }, timeout: timeout),
              let card = welcome.room.visible.first?.id else { return false }
        client.send(.host(HostCommand(command: .start)))
        let sent = ContinuousClock.now
        client.send(.swipe(SwipeVote(card: card, direction: .right, seq: 1)))
        let reply = client.receive(until: { $0.type == "voteAccepted" || $0.type == "error" }, timeout: timeout)
        // Reported, not asserted: how long it takes depends on the machine.
        let elapsed = ContinuousClock.now - sent
        print("fresh client: vote acknowledged in \(elapsed.components.attoseconds / 1_000_000_000_000_000 + elapsed.components.seconds * 1000) ms")
        return reply?.type == "voteAccepted"
    }

    /// The JSON of `/healthz` (nil when the server does not answer).
    static func health(_ server: ServerProcess) -> [String: Any]? {
        guard let response = try? ServerRawSocket.get(port: server.port, path: "/healthz"), response.status == 200 else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(response.body.utf8))) as? [String: Any]
    }
}

/// A host in a free-pacing room of `count` inline cards with long titles (large `results`).
enum LargeRoom {
    static func open(on server: ServerProcess, count: Int, titleLength: Int) throws -> (host: BlockingWebSocket, welcome: Welcome)? {
        let host = try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: 10)
        let title = String(repeating: "x", count: titleLength)
        let cards = (0..<count).map { Card(id: CardID("card\($0)"), title: "\($0) \(title)") }
        host.send(.create(CreateRoom(name: "Ann", cards: cards, pacing: .free)))
        guard case let .welcome(welcome)? = host.receive(until: { $0.type == "welcome" }, timeout: 10) else { return nil }
        return (host, welcome)
    }
}
