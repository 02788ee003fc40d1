import Foundation
import Testing
import SwipeCore
import SwipeSQLiteStore
import SwipeProtocol
import SwipeRooms
import SwipeServer
import SwipeStore

/// Proposals and a final round survive SIGKILL: the real server is killed between the steps of a
/// group decision (and with a proposal and a vote in flight) and restarted on the same data
/// directory, with and without checkpoints. Nothing acknowledged is lost; nothing is doubled.
@Suite(.serialized) struct DurabilityDecisionTests {
    @Test(arguments: [1, 1000])
    func proposalsAndAFinalRoundSurviveSIGKILL(checkpointEvery: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-decision-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["--data", directory, "--checkpoint-every", "\(checkpointEvery)"]
        let server = Box(try ServerProcess(arguments: arguments))
        var kills = 0
        let ann = DecisionMember(name: "Ann") { server.value.url }
        let bo = DecisionMember(name: "Bo") { server.value.url }
        let code = try GroupDecisionScript.run(ann: ann, bo: bo) {
            server.value.killHard()
            kills += 1
            server.value = try ServerProcess(arguments: arguments)
        }
        #expect(kills >= 10)
        let response = try ServerRawSocket.get(port: server.value.port, path: "/rooms/\(code)/results.json")
        #expect(response.status == 200)
        GroupDecisionScript.verify(try JSONDecoder().decode(Results.self, from: Data(response.body.utf8)))
        ann.close()
        bo.close()
        #expect(server.value.terminate() == 0)

        // The log, archived records included: each proposal once, each member's vote on each card once.
        let log = try EventLog(path: directory + "/rooms.sqlite")
        var proposed: [String] = []
        var cast = Set<String>()
        for entry in try log.history() {
            switch try LogRecord(entry: entry).event {
            case let .proposalAdded(proposal): proposed.append(proposal.title)
            case let .voteCast(member, card, _, _):
                #expect(cast.insert("\(member)/\(card)").inserted, "\(member) voted on \(card) twice in the log")
            default: break
            }
        }
        #expect(proposed == ["Curry", "Sushi"])
        #expect(cast.count == 2 * 5)
    }
}
