import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol
import SwipeRooms
import SwipeServer
import Testing

/// Nodes and Redis die under a voting group: a node SIGKILLed 20 times at random moments (its
/// members resume on another node), Redis SIGKILLed and restarted with appendfsync always. No
/// acknowledged vote is lost and none is counted twice.
@Suite(.serialized) struct ClusterFailureTests {
    static let names = ["Ann", "Bo", "Cy"]

    /// Three resuming voters, each starting on its own node; on a lost connection each resumes on
    /// the next node in turn (whatever is running there now).
    static func voters(_ cluster: LocalCluster, cards: [Card], seed: UInt64) throws -> [ResumingVoterConnection] {
        var random = SeededRandom(seed: seed)
        var turn = 0
        return names.enumerated().map { index, name in
            ResumingVoterConnection(
                voter: ResumingVoter(name: name, cards: cards.map(\.id),
                                     directions: cards.map { _ in [SwipeDirection.left, .right, .up][Int(random.next() % 3)] }),
                url: {
                    turn += 1
                    return cluster.url(node: (index + turn) % cluster.nodes.count)
                })
        }
    }

    static func verify(_ voters: [ResumingVoterConnection], cluster: LocalCluster, code: RoomCode, cards: Int) throws {
        try verify(voters, resultsPort: cluster.nodes[0].port, code: code, cards: cards)
    }

    /// Every acknowledged vote once in the results that the node on `resultsPort` serves.
    static func verify(_ voters: [ResumingVoterConnection], resultsPort port: Int, code: RoomCode, cards: Int) throws {
        #expect(voters.flatMap(\.voter.problems).isEmpty, "\(voters.flatMap(\.voter.problems))")
        for voter in voters {
            #expect(voter.voter.isDone, "\(voter.voter.name) stopped at card \(voter.voter.position)")
            #expect(voter.voter.refused.isEmpty, "\(voter.voter.name): refused \(voter.voter.refused)")
        }
        // Node 0 learns the last votes cast on other nodes from the shared stream, a moment later
        // under load: read its results once the deck is done there (a lost vote never gets there,
        // and the checks below name it).
        func results() -> Results? {
            guard let response = try? ServerRawSocket.get(port: port, path: "/rooms/\(code)/results.json"),
                  response.status == 200 else { return nil }
            return try? JSONDecoder().decode(Results.self, from: Data(response.body.utf8))
        }
        _ = ProcessProbe.eventually(timeout: 10) { results()?.final == true }
        let results = try #require(results(), "node 0 did not answer /rooms/\(code)/results.json")
        let rows = Dictionary(uniqueKeysWithValues: results.ranking.map { ($0.card, $0) })
        var acknowledged = 0
        for voter in voters {
            for (card, vote) in voter.voter.acknowledged {
                acknowledged += 1
                #expect(rows[card]?.votes[voter.voter.name] == vote, "\(voter.voter.name)'s acknowledged \(vote) on \(card) is lost")
            }
        }
        #expect(acknowledged == cards * voters.count)
        for row in results.ranking {
            #expect(row.likes + row.nopes + row.superLikes == row.votes.count, "card \(row.card) counted a vote twice")
        }
        #expect(results.final)
    }

    /// Three voters in a free-pacing approval room (a card resolves once all three voted on it)
    /// vote through `cardCount` cards; at `faults` seeded-random steps (half of them with the vote
    /// answered first, half with it in flight) `fault` runs. Then every acknowledged vote must be in
    /// the results once.
    static func session(seed: UInt64, cardCount: Int, faults: Int, _ fault: (LocalCluster, inout SeededRandom) throws -> Void)
        throws -> [ResumingVoterConnection] {
        let cluster = try LocalCluster(proxy: false)
        defer { cluster.stop() }
        var random = SeededRandom(seed: seed)
        func roll(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let cards = (0..<cardCount).map { Card(id: CardID("c\($0)"), title: "Card \($0)") }
        let voters = try Self.voters(cluster, cards: cards, seed: seed)
        try voters[0].start(.create(CreateRoom(name: "Ann", cards: cards, rule: .approval, pacing: .free)))
        let code = try #require(voters[0].voter.room)
        for voter in voters.dropFirst() { try voter.start(.join(JoinRoom(room: code, name: voter.voter.name))) }

        let steps = cardCount * Self.names.count
        var faultAt = Set<Int>()
        while faultAt.count < faults { faultAt.insert(roll(steps)) }
        for step in 0..<steps {
            let voter = voters[step % Self.names.count]
            voter.send()
            if faultAt.contains(step) {
                if roll(2) == 0 { voter.awaitAnswer() }   // else the vote is in flight
                try fault(cluster, &random)
            }
            voter.awaitAnswer()
        }
        try Self.verify(voters, cluster: cluster, code: code, cards: cardCount)
        voters.forEach { $0.close() }
        return voters
    }

    @Test func aNodeKilledTwentyTimesLosesNoAcknowledgedVoteAndDoublesNone() throws {
        let voters = try Self.session(seed: 21, cardCount: 12, faults: 20) { cluster, random in
            try cluster.replaceNode(Int(random.next() % UInt64(cluster.nodes.count)))
        }
        #expect(voters.map(\.reconnects).reduce(0, +) >= 1)
    }

    @Test func redisKilledAndRestartedLosesNoAcknowledgedVote() throws {
        var sawUnavailable = 0
        var sawBack = 0
        _ = try Self.session(seed: 33, cardCount: 8, faults: 3) { cluster, _ in
            cluster.redis.killHard()
            // Every node says it cannot serve (HAProxy takes it out) until Redis is back.
            func health() -> Int? { try? ServerRawSocket.get(port: cluster.nodes[1].port, path: "/healthz").status }
            if ProcessProbe.eventually(timeout: 10, { health() == 503 }) { sawUnavailable += 1 }
            cluster.redis = try LocalCluster.startRedis(port: cluster.redisPort, directory: cluster.directory)
            if ProcessProbe.eventually(timeout: 10, { health() == 200 }) { sawBack += 1 }
        }
        #expect(sawUnavailable == 3, "/healthz did not answer 503 while Redis was down")
        #expect(sawBack == 3, "/healthz did not answer 200 once Redis was back")
    }
}
