import Foundation
import SwipeClient
import SwipeProtocol
import Testing

/// The per-address limits are the cluster's, not each node's: three nodes give a stranger the
/// budget of one (failed room-code lookups, the slowing past them, rooms per address).
@Suite(.serialized) struct ClusterSharedLimitsTests {
    static func first(_ url: String, _ message: ClientMessage) throws -> ServerMessage? {
        let socket = try BlockingWebSocket(url: try WebSocketURL(parsing: url), timeout: 10)
        socket.send(message)
        return socket.receive(until: { $0.type == "welcome" || $0.type == "error" }, timeout: 10)
    }

    static func errorCode(_ message: ServerMessage?) -> ErrorCode? {
        if case let .error(error)? = message { error.code } else { nil }
    }

    @Test func failedGuessesOnThreeNodesShareOneBudget() throws {
        let cluster = try LocalCluster(nodes: 3, proxy: false, extraNodeArguments: ["--failed-joins-per-minute", "3"])
        defer { cluster.stop() }
        let letters = Array("BCDEFGHJK")
        var statuses: [Int] = []
        for (index, letter) in letters.enumerated() {
            let port = cluster.nodes[index % 3].port
            statuses.append(try ServerRawSocket.get(port: port, path: "/rooms/AAAA-AAAA-A\(letter)/results.json").status)
        }
        let answered = statuses.filter { $0 == 404 }.count
        print("ClusterSharedLimitsTests: 9 guesses over 3 nodes (limit 3): \(answered) answered 404, \(statuses)")
        // Before: each node gave its own 3 (9 × 404). Now 3, and at most one more per other node
        // while the publication that the address is slowed is on its way.
        #expect(answered >= 3 && answered <= 5, "\(statuses)")
        #expect(statuses.suffix(3) == [429, 429, 429], "\(statuses)")
        // The slowing is shared too: a WebSocket join from this address on any node waits its turn.
        for node in 0..<3 {
            let answer = try Self.first(cluster.url(node: node), .join(JoinRoom(room: "AAAA-AAAA-AL", name: "Eve")))
            #expect(Self.errorCode(answer) == .rateLimited, "node \(node + 1): \(String(describing: answer))")
        }
    }

    @Test func roomsPerAddressAreCountedOverEveryNode() throws {
        let cluster = try LocalCluster(nodes: 3, proxy: false, extraNodeArguments: ["--max-rooms-per-address", "2"])
        defer { cluster.stop() }
        let create = ClientMessage.create(CreateRoom(name: "Ann", deck: "movies"))
        let host = try ClusterMember(name: "Ann", url: cluster.url(node: 0), first: create)
        _ = try ClusterMember(name: "Bo", url: cluster.url(node: 1), first: .create(CreateRoom(name: "Bo", deck: "movies")))
        // Before: node 3 had seen no room from this address and created a third.
        let third = try Self.first(cluster.url(node: 2), create)
        #expect(Self.errorCode(third) == .tooManyRooms, "\(String(describing: third))")
        if case let .error(error)? = third { #expect(error.message.contains("counted over every node")) }
        // A room its host closed no longer counts.
        host.socket.send(.host(HostCommand(command: .close)))
        #expect(host.pump(until: { if case .roomClosed = $0 { true } else { false } }))
        // The close reaches the shared count a moment after the host hears it (the node marks the
        // room closed in Redis as it forgets it): another node's create gets in once it has.
        var again: ServerMessage?
        let created = ProcessProbe.eventually(timeout: 10) {
            again = try? Self.first(cluster.url(node: 2), create)
            if case .welcome? = again { return true } else { return false }
        }
        guard created else { Issue.record("no room after one was closed: \(String(describing: again))"); return }
    }
}
