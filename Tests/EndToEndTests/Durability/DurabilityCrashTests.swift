import Foundation
import Testing
import SwipeCore
import SwipeSQLiteStore
import SwipeProtocol
import SwipeRooms
import SwipeServer
import SwipeStore

/// The crash-restart proof: a scripted group session against the real `swipe-server`, killed with
/// SIGKILL at seeded-random points and restarted on the same data directory. After every restart the
/// voters resume with their tokens by themselves and resend what was not acknowledged (same `seq`).
/// At the end every acknowledged vote is in the results and no vote was applied twice. One run
/// stores a room checkpoint every 5 records (`--checkpoint-every 5`), so kills land between, on and
/// after checkpoints and most restarts load one; the other never stores one before the room finishes.
/// `SWIPE_LONG_TESTS=1` runs the long variant (100 kills).
@Suite(.serialized) struct DurabilityCrashTests {
    static var long: Bool { ProcessInfo.processInfo.environment["SWIPE_LONG_TESTS"] == "1" }

    @Test(arguments: [(11, 5), (12, 1000)] as [(UInt64, Int)])
    func votesSurviveSIGKILLAtRandomPoints(seed: UInt64, checkpointEvery: Int) throws {
        let kills = Self.long ? 100 : 5
        let cardCount = Self.long ? 120 : 12
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-durable-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var random = SeededRandom(seed: seed)
        func roll(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let cards = (0..<cardCount).map { Card(id: CardID("c\($0)"), title: "Card \($0)") }
        let names = ["Ann", "Bo", "Cy"]
        let arguments = ["--data", directory, "--checkpoint-every", "\(checkpointEvery)"]
        let server = Box(try ServerProcess(arguments: arguments))
        let voters = names.map { name in
            ResumingVoterConnection(
                voter: ResumingVoter(name: name, cards: cards.map(\.id),
                                     directions: cards.map { _ in [SwipeDirection.left, .right, .up][roll(3)] }),
                url: { server.value.url })
        }
        // Free pacing with the approval rule: a card resolves only once all three voted on it.
        try voters[0].start(.create(CreateRoom(name: "Ann", cards: cards, rule: .approval, pacing: .free)))
        let code = try #require(voters[0].voter.room)
        for voter in voters.dropFirst() { try voter.start(.join(JoinRoom(room: code, name: voter.voter.name))) }

        let steps = cardCount * names.count
        var killAt = Set<Int>()
        while killAt.count < kills { killAt.insert(roll(steps)) }
        for step in 0..<steps {
            let voter = voters[step % names.count]
            voter.send()
            if killAt.contains(step) {
                if roll(2) == 0 { voter.awaitAnswer() }   // else the vote is in flight
                server.value.killHard()
                server.value = try ServerProcess(arguments: arguments)
            }
            voter.awaitAnswer()
        }

        let problems = voters.flatMap(\.voter.problems)
        #expect(problems.isEmpty)
        for voter in voters {
            #expect(voter.voter.isDone, "\(voter.voter.name) stopped at card \(voter.voter.position)")
            #expect(voter.voter.refused.isEmpty, "\(voter.voter.name): refused \(voter.voter.refused)")
        }
        #expect(voters.map(\.reconnects).reduce(0, +) >= kills)

        // Every acknowledged vote is in the results; nothing is counted twice.
        let response = try ServerRawSocket.get(port: server.value.port, path: "/rooms/\(code)/results.json")
        #expect(response.status == 200)
        let results = try JSONDecoder().decode(Results.self, from: Data(response.body.utf8))
        #expect(results.ranking.count == cardCount)
        let rows = Dictionary(uniqueKeysWithValues: results.ranking.map { ($0.card, $0) })
        for voter in voters {
            for (card, vote) in voter.voter.acknowledged {
                #expect(rows[card]?.votes[voter.voter.name] == vote, "\(voter.voter.name)'s acknowledged \(vote) on \(card)")
            }
        }
        for row in results.ranking {
            #expect(row.likes + row.nopes + row.superLikes == row.votes.count, "card \(row.card) counted a vote twice")
        }
        #expect(results.final)
        voters.forEach { $0.close() }
        #expect(server.value.terminate() == 0)

        // The log itself, archived records included: one voteCast per member and card.
        let log = try EventLog(path: directory + "/rooms.sqlite")
        var cast = Set<String>()
        for entry in try log.history() {
            if case let .voteCast(member, card, _, _) = try LogRecord(entry: entry).event {
                #expect(cast.insert("\(member)/\(card)").inserted, "\(member) voted on \(card) twice in the log")
            }
        }
        #expect(cast.count == steps)
    }
}

/// A mutable reference the voters' URL closure reads (the restarted server has a new port).
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

extension ServerProcess {
    /// SIGKILL: no shutdown, no flush; waits (bounded) until the process is gone.
    func killHard(timeout: Double = 10) {
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
    }
}
