import Foundation
import Testing

/// A host's own deck with pictures in a cluster: uploaded to node A and kept in the room's own
/// Redis hash, the pictures reach a member on node B (the welcome's tags, then the bytes over
/// HTTP from node B), are served by both nodes again after both restart, and are gone from Redis
/// once the host closes the room. Nothing is written under a deck picture's shared key.
@Suite(.serialized) struct ClusterOwnDeckPictureTests {
    /// `redis-cli -p PORT ARGS…`'s output, trimmed.
    static func redisCLI(_ port: Int, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["redis-cli", "-p", "\(port)"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aMemberOnTheOtherNodeGetsThePicturesAndTheyOutliveBothNodesRestarting() throws {
        let cluster = try LocalCluster(nodes: 2, proxy: false)
        defer { cluster.stop() }
        let room = try OwnDeckRoom.create(on: cluster.nodes[0].port)
        let key = "swipedeck:room:{\(room.code)}:records"
        let fields = try Self.redisCLI(cluster.redisPort, ["HKEYS", key]).split(separator: "\n").map(String.init)
        #expect(Set(fields) == Set(room.etags.values), "the room's hash: \(fields)")
        let ttl = Int(try Self.redisCLI(cluster.redisPort, ["TTL", key])) ?? -2
        #expect(ttl > 0, "the room's pictures do not expire with the room (TTL \(ttl))")
        #expect(try Self.redisCLI(cluster.redisPort, ["KEYS", "swipedeck:picture:{u-*"]).isEmpty, "an upload under a deck picture's key")

        // A member on node B: the welcome names the tags, node B serves the bytes.
        let welcome = try OwnDeckRoom.memberWelcome(room.code, port: cluster.nodes[1].port)
        for etag in room.etags.values { #expect(welcome.contains(#""etag":"\#(etag)""#), "\(welcome)") }
        #expect(OwnDeckRoom.served(room.code, etags: room.etags, port: cluster.nodes[1].port), "node B does not serve the pictures")
        let cached = try OwnDeckRoom.picture(room.code, "heat", port: cluster.nodes[1].port, ifNoneMatch: room.etags["heat"])
        #expect(cached.status == 304)

        // Both nodes restart (SIGKILL): both serve them again, from the store.
        try cluster.replaceNode(0)
        try cluster.replaceNode(1)
        for node in cluster.nodes {
            #expect(ProcessProbe.eventually(timeout: 15) { OwnDeckRoom.served(room.code, etags: room.etags, port: node.port) },
                    "not served by a restarted node")
        }

        // The host comes back on node B and closes the room: the hash is gone, and so is the picture.
        let host = try ServerRawSocket(port: cluster.nodes[1].port)
        _ = try host.upgrade(path: "/")
        host.sendText(#"{"type":"join","room":"\#(room.code)","token":"\#(room.token)"}"#)
        #expect(SecurityAccessTests.nextText(host)?.contains(#""type":"welcome""#) == true)
        host.sendText(#"{"type":"host","command":"close"}"#)
        _ = host.readUntilClose()
        #expect(ProcessProbe.eventually(timeout: 10) { (try? Self.redisCLI(cluster.redisPort, ["EXISTS", key])) == "0" }, "the room's pictures outlived it")
        #expect(ProcessProbe.eventually(timeout: 10) {
            (try? OwnDeckRoom.picture(room.code, "dune", port: cluster.nodes[0].port))?.status != 200
        }, "node A still serves a closed room's picture")
    }

    /// A picture stored under a room's hash with other bytes than its tag says is not served.
    @Test func aPictureWhoseBytesDoNotMatchItsTagIsNotServed() throws {
        let cluster = try LocalCluster(nodes: 2, proxy: false)
        defer { cluster.stop() }
        let room = try OwnDeckRoom.create(on: cluster.nodes[0].port)
        let dune = try #require(room.etags["dune"])
        _ = try Self.redisCLI(cluster.redisPort, ["HSET", "swipedeck:room:{\(room.code)}:records", dune, "not the picture"])
        let answer = try OwnDeckRoom.picture(room.code, "dune", port: cluster.nodes[1].port)
        #expect(answer.status == 404, "served bytes of another tag: \(answer.status)")
        #expect(OwnDeckRoom.served(room.code, etags: ["heat": room.etags["heat"] ?? "", "dune": dune], port: cluster.nodes[1].port) == false)
    }
}
