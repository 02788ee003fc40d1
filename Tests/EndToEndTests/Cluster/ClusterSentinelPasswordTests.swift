import Foundation
import SwipeClient
import SwipeProtocol
import Testing

/// Sentinels with their own password (`requirepass` in sentinel.conf): a node gets it from
/// `SWIPEDECK_SENTINEL_PASSWORD` or `--sentinel-password-file`, and one without it, or with a wrong
/// one, refuses to start saying so and what to do; after the primary's death the nodes ask again,
/// with it, and find the new one.
@Suite(.serialized) struct ClusterSentinelPasswordTests {
    static let password = "sentinel pass:word"

    /// Starts a node that is expected to refuse; returns what it wrote on stderr.
    static func refusal(_ cluster: SentinelCluster, _ extra: [String], environment: [String: String] = [:]) -> String {
        let log = cluster.directory + "/refused-\(UUID().uuidString).log"
        let started = try? ServerProcess(arguments: cluster.nodeArguments + extra, stderrPath: log, environment: environment)
        started?.stop()
        #expect(started == nil, "the node started: \(extra)")
        return (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    }

    @Test func theSentinelsPasswordComesFromTheEnvironmentOrAFileAndNothingStartsWithoutIt() throws {
        let cluster = try SentinelCluster(nodes: 1, sentinelPassword: Self.password,
                                          nodeEnvironment: ["SWIPEDECK_SENTINEL_PASSWORD": Self.password])
        defer { cluster.stop() }
        let file = cluster.directory + "/sentinel-password"
        try "\(Self.password)\n".write(toFile: file, atomically: true, encoding: .utf8)
        let second = try ServerProcess(arguments: cluster.nodeArguments + ["--sentinel-password-file", file, "--node-id", "n2"],
                                       stderrPath: cluster.directory + "/node2.log")
        defer { second.stop() }

        let host = try ClusterMember(name: "Ann", url: cluster.url(node: 0),
                                     first: .create(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .free)))
        let code = try #require(host.welcome?.room.code)
        let guest = try ClusterMember(name: "Bo", url: second.url + code.rawValue, first: .join(JoinRoom(room: code, name: "Bo")))
        let card = try #require(guest.welcome?.room.visible.first?.id)
        guest.socket.send(.swipe(SwipeVote(card: card, direction: .right, seq: 1)))
        #expect(guest.pump(until: { if case .voteAccepted = $0 { true } else { false } }), "Bo's vote on n2 was not acknowledged")

        let missing = Self.refusal(cluster, ["--node-id", "n3"])
        #expect(missing.contains("NOAUTH") && missing.contains("--sentinel-password-file"), "\(missing)")
        let wrong = Self.refusal(cluster, ["--node-id", "n4"], environment: ["SWIPEDECK_SENTINEL_PASSWORD": "wrong"])
        #expect(wrong.contains("AUTH: WRONGPASS") && wrong.contains("SWIPEDECK_SENTINEL_PASSWORD") && !wrong.contains(Self.password), "\(wrong)")

        // After the primary's death both nodes ask the Sentinels again, with the password, and find the new one.
        let old = cluster.redisPorts[0]
        cluster.redis[0].killHard()
        #expect(ProcessProbe.eventually(timeout: 20) { cluster.primaryPort().map { $0 != old } ?? false }, "the Sentinels did not fail over")
        let primary = try #require(cluster.primaryPort())
        func found(_ log: String) -> Bool {
            ((try? String(contentsOfFile: cluster.directory + "/\(log).log", encoding: .utf8)) ?? "").contains("(primary 127.0.0.1:\(primary))")
        }
        #expect(ProcessProbe.eventually(timeout: 20) { found("node1") && found("node2") }, "a node did not find the new primary \(primary)")
    }
}
