import Foundation
import Testing

/// Every picture on every node: two nodes on one Redis, node B started without the deck folder.
/// A room of the folder's deck, created on node A, has its pictures served by node B with the same
/// bytes and tag (304 on a match) from the store; a picture the store lacks is a 404 that says so;
/// while the store is down node B answers 503 with Retry-After (not a 404, and no failed guess); a
/// store restarted empty gets node A's pictures again when its link comes back.
@Suite(.serialized) struct ClusterPictureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../SwipePicturesTests/Fixtures").standardized

    /// Two nodes (A with `--decks` holding films.json and its three pictures, B without) on one Redis.
    struct TwoNodes {
        let directory: String
        let redisPort: Int
        var redis: HelperProcess
        let nodeA: ServerProcess
        let nodeB: ServerProcess
        let pictures: [String: [UInt8]]

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-pictures-\(UUID().uuidString)").path
            let decks = directory + "/decks"
            try FileManager.default.createDirectory(atPath: decks, withIntermediateDirectories: true)
            var pictures: [String: [UInt8]] = [:]
            for (name, fixture) in [("dune.png", "gradient.png"), ("heat.jpg", "gradient.jpg"), ("up.png", "quadrants.png")] {
                let bytes = try Data(contentsOf: ClusterPictureTests.fixtures.appendingPathComponent(fixture))
                try bytes.write(to: URL(fileURLWithPath: decks + "/" + name))
                pictures[name] = Array(bytes)
            }
            self.pictures = pictures
            let deck = #"{"name":"films","title":"Films","cards":[{"id":"dune","title":"Dune","picture":"dune.png"},"#
                + #"{"id":"heat","title":"Heat","picture":"heat.jpg"},{"id":"up","title":"Up","picture":"up.png"},{"id":"plain","title":"Plain"}]}"#
            try Data(deck.utf8).write(to: URL(fileURLWithPath: decks + "/films.json"))
            redisPort = try freeLoopbackPort()
            redis = try LocalCluster.startRedis(port: redisPort, directory: directory)
            let store = ["--store", "redis://127.0.0.1:\(redisPort)", "--durability", "full"]
            nodeA = try LocalCluster.startNode(0, arguments: store + ["--decks", decks], directory: directory)
            nodeB = try LocalCluster.startNode(1, arguments: store, directory: directory)
        }

        /// `redis-cli` against the test's Redis.
        func redisCLI(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["redis-cli", "-p", "\(redisPort)"] + arguments
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }

        func stop() {
            _ = nodeA.terminate()
            _ = nodeB.terminate()
            redis.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// Creates a films room on `server`; returns its code and each card's picture tag.
    static func createFilmsRoom(on server: ServerProcess) throws -> (code: String, etags: [String: String]) {
        let host = try ServerRawSocket(port: server.port)
        _ = try host.upgrade(path: "/")
        host.sendText(#"{"type":"create","name":"Ann","deck":"films"}"#)
        let welcome = SecurityAccessTests.nextText(host) ?? ""
        guard welcome.contains(#""type":"welcome""#), let code = RawRoom.field("code", in: welcome) else { throw ServerRawSocket.Failure(description: "no welcome: \(welcome)") }
        var etags: [String: String] = [:]
        for card in ["dune", "heat", "up"] {
            let marker = #""id":"\#(card)""#
            guard let range = welcome.range(of: marker) else { continue }
            etags[card] = RawRoom.field("etag", in: String(welcome[range.upperBound...]).components(separatedBy: "}}").first ?? "")
        }
        return (code, etags)
    }

    /// A response head's lines.
    static func lines(_ head: String) -> Set<String> { Set(head.components(separatedBy: "\r\n")) }

    @Test func aNodeWithoutTheDeckFolderServesItsPicturesFromTheStore() throws {
        let nodes = try TwoNodes()
        defer { nodes.stop() }
        let room = try Self.createFilmsRoom(on: nodes.nodeA)
        let dune = try #require(room.etags["dune"], "no tag for dune in the welcome")
        let path = "/rooms/\(room.code)/cards/dune/picture"

        // Node A serves it from its folder; node B from the store: the same bytes and tag.
        let local = try SecurityGuessLimitTests.get(nodes.nodeA, path)
        #expect(local.status == 200 && Self.lines(local.head).contains("ETag: \"\(dune)\""), "\(local.head) \(room.etags)")
        let socket = try ServerRawSocket(port: nodes.nodeB.port)
        socket.write(Array("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let fetched = try #require(socket.readHTTPBytes())
        #expect(fetched.head.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(fetched.head)")
        #expect(Self.lines(fetched.head).isSuperset(of: ["ETag: \"\(dune)\"", "Content-Type: image/png"]))
        #expect(fetched.body == nodes.pictures["dune.png"])
        socket.write(Array("GET \(path) HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"\(dune)\"\r\n\r\n".utf8))
        let cached = try #require(socket.readHTTPBytes())
        #expect(cached.head.hasPrefix("HTTP/1.1 304 Not Modified\r\n"), "\(cached.head)")
        socket.write(Array("HEAD /rooms/\(room.code)/cards/heat/picture HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let head = try #require(socket.readHTTPBytes(withBody: false))
        #expect(head.head.hasPrefix("HTTP/1.1 200 OK\r\n") && Self.lines(head.head).contains("Content-Type: image/jpeg"), "\(head.head)")
        #expect(Self.lines(head.head).contains("Content-Length: \(nodes.pictures["heat.jpg"]?.count ?? -1)"))

        // A card without a picture, and a picture the store lost: 404s that say why.
        let plain = try SecurityGuessLimitTests.get(nodes.nodeB, "/rooms/\(room.code)/cards/plain/picture")
        #expect(plain.status == 404 && plain.body.contains("has no picture"), "\(plain)")
        let up = try #require(room.etags["up"])
        try nodes.redisCLI(["DEL", "swipedeck:picture:{\(up)}"])
        let lost = try SecurityGuessLimitTests.get(nodes.nodeB, "/rooms/\(room.code)/cards/up/picture")
        #expect(lost.status == 404 && lost.body.contains("the store has no picture \(up)"), "\(lost)")

        // The store down: node B answers 503 with Retry-After, for its cached picture's room too.
        nodes.redis.killHard()
        let outage = ProcessProbe.eventually(timeout: 10) {
            (try? SecurityGuessLimitTests.get(nodes.nodeB, "/rooms/\(room.code)/cards/up/picture"))?.status == 503
        }
        #expect(outage, "node B never answered 503 while the store was down")
        let down = try SecurityGuessLimitTests.get(nodes.nodeB, "/rooms/\(room.code)/cards/up/picture")
        #expect(Self.lines(down.head).contains("Retry-After: 1") && down.body.contains("cannot reach its store"), "\(down)")
    }

    /// A store restarted empty: node A writes its pictures again when its link comes back, so a
    /// room created after that is served by node B too.
    @Test func aStoreRestartedEmptyGetsThePicturesAgain() throws {
        var nodes = try TwoNodes()
        defer { nodes.stop() }
        nodes.redis.killHard()
        let empty = nodes.directory + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        nodes.redis = try LocalCluster.startRedis(port: nodes.redisPort, directory: empty)
        var room: (code: String, etags: [String: String])?
        #expect(ProcessProbe.eventually(timeout: 15) {
            room = try? Self.createFilmsRoom(on: nodes.nodeA)
            return room != nil
        }, "no room created on node A after the store came back")
        let code = try #require(room?.code)
        let dune = try #require(room?.etags["dune"])
        var answer: (status: Int, head: String, body: String)?
        let served = ProcessProbe.eventually(timeout: 10) {
            answer = try? SecurityGuessLimitTests.get(nodes.nodeB, "/rooms/\(code)/cards/dune/picture")
            return answer?.status == 200 && Self.lines(answer?.head ?? "").contains("ETag: \"\(dune)\"")
        }
        #expect(served, "node B never served the picture after the store came back empty: \(String(describing: answer))")
    }
}
