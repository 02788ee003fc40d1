import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol
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
        #expect(voters.flatMap(\.voter.problems).isEmpty, "\(voters.flatMap(\.voter.problems))")
        for voter in voters {
            #expect(voter.voter.isDone, "\(voter.voter.name) stopped at card \(voter.voter.position)")
            #expect(voter.voter.refused.isEmpty, "\(voter.voter.name): refused \(voter.voter.refused)")
        }
        let response = try ServerRawSocket.get(port: cluster.nodes[0].port, path: "/rooms/\(code)/results.json")
        #expect(response.status == 200, "\(response.body)")
        let results = try JSONDecoder().decode(Results.self, from: Data(response.body.utf8))
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

    @Test func aNodeKilledTwentyTimesLosesNoAcknowledgedVoteAndDoublesNone() throws {
        let kills = 20
        let cardCount = 12
        let cluster = try LocalCluster(proxy: false)
        defer { cluster.stop() }
        var random = SeededRandom(seed: 21)
        func roll(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let cards = (0..<cardCount).map { Card(id: CardID("c\($0)"), title: "Card \($0)") }
        let voters = try Self.voters(cluster, cards: cards, seed: 21)
        // Free pacing with the approval rule: a card resolves once all three voted on it.
        try voters[0].start(.create(CreateRoom(name: "Ann", cards: cards, rule: .approval, pacing: .free)))
        let code = try #require(voters[0].voter.room)
        for voter in voters.dropFirst() { try voter.start(.join(JoinRoom(room: code, name: voter.voter.name))) }

        let steps = cardCount * Self.names.count
        var killAt = Set<Int>()
        while killAt.count < kills { killAt.insert(roll(steps)) }
        for step in 0..<steps {
            let voter = voters[step % Self.names.count]
            voter.send()
            if killAt.contains(step) {
                if roll(2) == 0 { voter.awaitAnswer() }   // else the vote is in flight
                try cluster.replaceNode(roll(cluster.nodes.count))
            }
            voter.awaitAnswer()
        }
        #expect(voters.map(\.reconnects).reduce(0, +) >= 1)
        try Self.verify(voters, cluster: cluster, code: code, cards: cardCount)
        voters.forEach { $0.close() }
    }

    @Test func redisKilledAndRestartedLosesNoAcknowledgedVote() throws {
        let crashes = 3
        let cardCount = 8
        let cluster = try LocalCluster(proxy: false)
        defer { cluster.stop() }
        var random = SeededRandom(seed: 33)
        func roll(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let cards = (0..<cardCount).map { Card(id: CardID("c\($0)"), title: "Card \($0)") }
        let voters = try Self.voters(cluster, cards: cards, seed: 33)
        try voters[0].start(.create(CreateRoom(name: "Ann", cards: cards, rule: .approval, pacing: .free)))
        let code = try #require(voters[0].voter.room)
        for voter in voters.dropFirst() { try voter.start(.join(JoinRoom(room: code, name: voter.voter.name))) }

        let steps = cardCount * Self.names.count
        var crashAt = Set<Int>()
        while crashAt.count < crashes { crashAt.insert(roll(steps)) }
        var sawUnavailable = false
        for step in 0..<steps {
            let voter = voters[step % Self.names.count]
            voter.send()
            if crashAt.contains(step) {
                if roll(2) == 0 { voter.awaitAnswer() }
                cluster.redis.killHard()
                // Every node says it cannot serve (HAProxy takes it out) until Redis is back.
                sawUnavailable = ProcessProbe.eventually(timeout: 10) {
                    (try? ServerRawSocket.get(port: cluster.nodes[1].port, path: "/healthz").status) == 503
                }
                cluster.redis = try LocalCluster.startRedis(port: cluster.redisPort, directory: cluster.directory)
            }
            voter.awaitAnswer()
        }
        #expect(sawUnavailable, "/healthz did not answer 503 while Redis was down")
        #expect(ProcessProbe.eventually(timeout: 10) {
            (try? ServerRawSocket.get(port: cluster.nodes[1].port, path: "/healthz").status) == 200
        })
        try Self.verify(voters, cluster: cluster, code: code, cards: cardCount)
        voters.forEach { $0.close() }
    }
}
