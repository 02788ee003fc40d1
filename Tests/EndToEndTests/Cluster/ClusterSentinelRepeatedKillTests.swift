import Foundation
import SwipeCore
import Testing

/// Issue 40 item 6: the primary SIGKILLed three times in one cluster (two replicas,
/// `--store-replicas 1`, as OPERATIONS.md advises), each time the primary the Sentinels promoted
/// last; the killed Redis comes back as a replica before the next kill. Every member sends a vote
/// right after each kill (so it resumes and resends through the outage) and each must be
/// acknowledged within 5 s of the Sentinels' switch: timed from the first `+switch-master`, not
/// from the kill, so the Sentinels' own vote on a loaded machine does not count against the nodes.
@Suite(.serialized) struct ClusterSentinelRepeatedKillTests {
    static let kills = 3
    static let bound = 5.0

    @Test func everyMemberVotesAgainWithinFiveSecondsOfEachSwitch() throws {
        let cluster = try SentinelCluster()
        defer { cluster.stop() }
        let watch = try SentinelSwitchWatch(ports: cluster.sentinelPorts)
        defer { watch.stop() }
        let voters = ClusterSentinelFailoverTests.voters(cluster, names: ["Ann", "Bo", "Cy", "Di"])
        let code = try ClusterSentinelFailoverTests.startRoom(voters)
        for voter in voters {
            voter.send()
            voter.awaitAnswer()
        }
        for kill in 1...Self.kills {
            let primary = try #require(cluster.primaryPort())
            let index = try #require(cluster.index(ofPort: primary))
            let killed = Date()
            cluster.redis[index].killHard()
            var answered: [(name: String, at: Date)] = []
            for voter in voters {
                let position = voter.voter.position
                voter.send()
                voter.awaitAnswer()
                #expect(voter.voter.position == position + 1, "kill \(kill): \(voter.voter.name)'s vote was not acknowledged")
                answered.append((voter.voter.name, Date()))
            }
            let switched = try #require(watch.firstSwitch(after: killed, timeout: 30), "kill \(kill): the Sentinels announced no switch")
            let after = answered.map { ($0.name, $0.at.timeIntervalSince(switched.at)) }
            let line = "kill \(kill): switch \(String(format: "%.2f", switched.at.timeIntervalSince(killed))) s after the SIGKILL; "
                + "each member's vote after the switch: " + after.map { "\($0.0) \(String(format: "%.2f", $0.1)) s" }.joined(separator: ", ")
            print("sentinel repeated kill: \(line)")
            for (name, seconds) in after {
                #expect(seconds < Self.bound, "kill \(kill): \(name)'s vote was acknowledged \(seconds) s after the switch (\(watch.switches(after: killed)))")
            }
            let promoted = try #require(cluster.primaryPort())
            #expect(promoted != primary, "kill \(kill): the Sentinels did not move the primary")
            if kill < Self.kills { try cluster.restartAsReplica(index, of: promoted) }
        }
        // No acknowledged vote lost, none applied twice, on a node that followed every switch.
        try ClusterSentinelFailoverTests.voteToTheEnd(voters, resultsPort: cluster.nodes[0].port, code: code)
        voters.forEach { $0.close() }
    }
}
