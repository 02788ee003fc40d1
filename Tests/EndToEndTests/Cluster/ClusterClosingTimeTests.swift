import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol
import Testing

/// A room with a closing time in a cluster: created on node A, A SIGKILLed with nobody connected;
/// at the closing time the other nodes (B, which served a member, and A's fresh replacement, which
/// never held the room) race to close it, and the store makes it happen once.
@Suite(.serialized) struct ClusterClosingTimeTests {
    /// `boOnB`: Bo votes through node B, which then holds the room when it closes; otherwise both
    /// members were on A, and only the store's list of closing times tells B and A' of the room.
    @Test(arguments: [true, false])
    func aRoomCreatedOnAKilledNodeIsClosedOnceByAnother(boOnB: Bool) throws {
        let cluster = try LocalCluster(nodes: 2, proxy: false)
        defer { cluster.stop() }
        let closing = ClosingTimeServerTests.closing(in: 5)
        let ann = DecisionMember(name: "Ann") { cluster.url(node: 0) }
        let code = try ann.connect(.create(CreateRoom(name: "Ann", cards: ClosingTimeServerTests.cards, closesAt: closing.text))).room.code
        // On the closing list by its closing time (ms since 1970), put there with its `created` entry.
        let listed = try Self.redis(cluster, ["ZSCORE", "swipedeck:closing", code.rawValue]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Double(listed).map { abs($0 - closing.at.timeIntervalSince1970 * 1000) < 1000 } == true, "listed at \(listed)")
        let bo = DecisionMember(name: "Bo") { cluster.url(node: boOnB ? 1 : 0) }
        try bo.connect(.join(JoinRoom(room: code, name: "Bo")))
        try ann.vote("pho", .right)
        try bo.vote("pho", .right)
        try bo.vote("tacos", .left)
        ann.close()
        bo.close()
        try cluster.replaceNode(0)   // SIGKILL, and a fresh node A' that has never loaded the room
        func results(_ node: Int) -> Results? {
            guard let response = try? ServerRawSocket.get(port: cluster.nodes[node].port, path: "/rooms/\(code)/results.json"),
                  response.status == 200 else { return nil }
            return try? JSONDecoder().decode(Results.self, from: Data(response.body.utf8))
        }
        #expect(ProcessProbe.eventually(timeout: 30) { results(1)?.final == true }, "node B never closed the room")
        #expect(Date() >= closing.at.addingTimeInterval(-0.05), "not before its time")
        for node in cluster.nodes.indices {
            let decided = results(node)
            #expect(decided?.winner == "pho" && decided?.decidedBy == .onlyMatch && decided?.closesAt == closing.text, "node \(node): \(String(describing: decided))")
        }
        // Once: one timerFired entry in the room's stream, and the room left the closing list.
        let stream = try Self.redis(cluster, ["XRANGE", "swipedeck:room:{\(code.rawValue)}:log", "-", "+"])
        #expect(stream.components(separatedBy: "\"kind\":\"timerFired\"").count - 1 == 1, "\(stream)")
        #expect(ProcessProbe.eventually(timeout: 10) { (try? Self.redis(cluster, ["ZSCORE", "swipedeck:closing", code.rawValue]))?.trimmingCharacters(in: .whitespacesAndNewlines) == "" })
        // The room's keys live past the closing time by --keep-decided (7 days), not less.
        let ttl = Int(try Self.redis(cluster, ["TTL", "swipedeck:room:{\(code.rawValue)}:log"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(ttl > 6 * 86_400, "ttl \(ttl)")
    }

    /// One redis-cli command against the cluster's Redis; its output.
    static func redis(_ cluster: LocalCluster, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-cli")
        process.arguments = ["-p", "\(cluster.redisPort)"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
