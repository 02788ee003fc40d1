import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol
import Testing

/// Proposals and a final round through Redis: three nodes, the members on different nodes, and
/// at every step of the group decision the node one of them is on is SIGKILLed and replaced; the
/// members resume on the next node. Every node computes the same room from the stream.
@Suite(.serialized) struct ClusterDecisionTests {
    @Test func proposalsAndAFinalRoundSurviveNodeKills() throws {
        let cluster = try LocalCluster(proxy: false)
        defer { cluster.stop() }
        var turn = 0
        var kills = 0
        let ann = DecisionMember(name: "Ann") { cluster.url(node: turn % cluster.nodes.count) }
        let bo = DecisionMember(name: "Bo") { cluster.url(node: (turn + 1) % cluster.nodes.count) }
        let code = try GroupDecisionScript.run(ann: ann, bo: bo) {
            try cluster.replaceNode(turn % cluster.nodes.count)
            kills += 1
            turn += 1
        }
        #expect(kills >= 10)
        // Every node that serves the room (the members' two, at least) has the same decision.
        var answered = 0
        for node in cluster.nodes.indices {
            func results() -> Results? {
                guard let response = try? ServerRawSocket.get(port: cluster.nodes[node].port, path: "/rooms/\(code)/results.json"),
                      response.status == 200 else { return nil }
                return try? JSONDecoder().decode(Results.self, from: Data(response.body.utf8))
            }
            _ = ProcessProbe.eventually(timeout: 5) { results()?.winner != nil }
            guard let results = results() else { continue }
            answered += 1
            GroupDecisionScript.verify(results)
        }
        #expect(answered >= 2, "only \(answered) nodes know room \(code)")
        ann.close()
        bo.close()
    }
}
