import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol
import SwipeRooms
import SwipeServer
import Testing

/// A group spread over three nodes that share rooms through Redis, behind HAProxy: every member,
/// whichever node it is on, sees the same tallies, resolutions and matches in the same order.
@Suite(.serialized) struct ClusterSessionTests {
    static let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Fa"]

    /// Ann creates through the proxy; the others join on node (k mod 3), Ed through the proxy.
    static func gather(_ cluster: LocalCluster, pacing: Pacing, rule: VoteRule = .majority) throws -> [ClusterMember] {
        let host = try ClusterMember(name: "Ann", url: cluster.proxyURL,
                                     first: .create(CreateRoom(name: "Ann", deck: "movies", rule: rule, pacing: pacing)))
        let code = try #require(host.welcome?.room.code)
        var members = [host]
        for (index, name) in names.enumerated().dropFirst() {
            let url = name == "Ed" ? cluster.proxyURL + code.rawValue : cluster.url(node: index % 3) + code.rawValue
            members.append(try ClusterMember(name: name, url: url, first: .join(JoinRoom(room: code, name: name))))
        }
        // Everyone has seen everyone join before voting starts.
        for member in members {
            let expected = names.count - 1 - (names.firstIndex(of: member.name) ?? 0)
            var joined = member.received.filter { if case .memberJoined = $0 { true } else { false } }.count
            while joined < expected, member.pump(until: { if case .memberJoined = $0 { true } else { false } }) { joined += 1 }
            #expect(joined == expected, "\(member.name) saw \(joined) of \(expected) joins")
        }
        return members
    }

    static func direction(_ member: Int, _ card: Int) -> SwipeDirection {
        [SwipeDirection.right, .left, .right, .up, .left, .right][(member * 7 + card * 3) % 6]
    }

    @Test func lockstepOverThreeNodesEveryoneSeesTheSameSequence() throws {
        let cluster = try LocalCluster()
        defer { cluster.stop() }
        let members = try Self.gather(cluster, pacing: .lockstep)
        members[0].socket.send(.host(HostCommand(command: .start)))
        let cards = try #require(members[0].welcome?.room.totalCards)
        var deck = members[0].welcome?.room.visible.map(\.id) ?? []
        for member in members { #expect(member.pump(until: { if case .phase = $0 { true } else { false } }), "\(member.name): no start") }
        for index in 0..<cards {
            let card = try #require(deck.first, "no card \(index) known")
            for (number, member) in members.enumerated().dropLast() {
                member.socket.send(.swipe(SwipeVote(card: card, direction: Self.direction(number, index), seq: index + 1)))
            }
            let last = members[members.count - 1]
            #expect(last.pump(until: { if case let .tally(t) = $0 { t.card == card && t.voted == members.count - 1 } else { false } }))
            // Fa's vote is the last: it makes the next card the top one, and a drag of that card sent
            // right after it must not overtake it on its way through the store (no notCurrentCard).
            last.socket.send(.swipe(SwipeVote(card: card, direction: Self.direction(members.count - 1, index), seq: index + 1)))
            if deck.count > 1 { last.socket.send(.drag(DragUpdate(card: deck[1], phase: .began, x: 5, y: 0, t: 1))) }
            for member in members {
                #expect(member.pump(until: { if case let .cardResolved(r) = $0 { r.card == card } else { false } }),
                        "\(member.name) never saw \(card) resolve")
            }
            if case let .cardResolved(resolved)? = members[0].received.last(where: { if case .cardResolved = $0 { true } else { false } }) {
                deck = resolved.visible.map(\.id)
            }
        }
        for member in members { member.pump(timeout: 0.5) { _ in false } }
        let reference = members[0].groupEvents
        #expect(reference.filter { $0.hasPrefix("resolved") }.count == cards)
        for member in members.dropFirst() {
            #expect(member.groupEvents == reference, "\(member.name)'s tallies, resolutions and matches differ from Ann's")
        }
        #expect(members.allSatisfy { $0.errors().isEmpty }, "\(members.flatMap { $0.errors().map(\.message) })")
        // The results agree on every node, and through the proxy.
        let code = try #require(members[0].welcome?.room.code)
        let bodies = try cluster.nodes.map { try ServerRawSocket.get(port: $0.port, path: "/rooms/\(code)/results.csv").body }
        #expect(Set(bodies).count == 1)
        #expect(try ServerRawSocket.get(port: cluster.proxyPort, path: "/rooms/\(code)/results.csv").body == bodies[0])
    }

    @Test func freePacingOverThreeNodesEveryoneSeesTheSameSequence() throws {
        let cluster = try LocalCluster()
        defer { cluster.stop() }
        // Approval: a card resolves once everyone voted on it, so every vote is accepted.
        let members = try Self.gather(cluster, pacing: .free, rule: .approval)
        let cards = try #require(members[0].welcome?.room.totalCards)
        let order = try #require(DeckLibrary.bundled().deck(named: "movies")?.cards.map(\.id))
        // Everyone votes through the whole deck at their own pace, interleaved.
        for index in 0..<cards {
            for (number, member) in members.enumerated() {
                member.socket.send(.swipe(SwipeVote(card: order[index], direction: Self.direction(number, index), seq: index + 1)))
            }
        }
        for member in members {
            var resolved = Set<CardID>()
            while resolved.count < cards,
                  member.pump(until: { if case .cardResolved = $0 { true } else { false } }),
                  case let .cardResolved(r)? = member.received.last { resolved.insert(r.card) }
            #expect(resolved.count == cards, "\(member.name) saw \(resolved.count) of \(cards) cards resolve")
        }
        for member in members { member.pump(timeout: 0.5) { _ in false } }
        let reference = members[0].groupEvents
        for member in members.dropFirst() {
            #expect(member.groupEvents == reference, "\(member.name)'s tallies, resolutions and matches differ from Ann's")
        }
        let accepted = members.map { $0.received.filter { if case .voteAccepted = $0 { true } else { false } }.count }
        #expect(accepted == Array(repeating: cards, count: members.count),
                "errors: \(members.map { "\($0.name): \($0.errors().map(\.message))" })")
    }
}
