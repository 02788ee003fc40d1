import Foundation
import Testing

/// Card pictures over plain HTTP on the WebSocket port, through the real server: the welcome names
/// each card's tag, GET and HEAD answer 200 with the PNG's bytes, a matching If-None-Match 304 on
/// the same kept-alive connection, and unknown rooms count as failed guesses.
@Suite struct ServerPictureHTTPTests {
    @Test func picturesAreServedCachedAndGuarded() throws {
        let server = try ServerProcess(arguments: ["--failed-joins-per-minute", "2"])
        let room = try RawRoom.create(on: server)
        let welcome = try #require(Self.welcome(joining: room, on: server))
        let etag = try #require(RawRoom.field("etag", in: welcome))
        #expect(welcome.contains(#""picture":{"etag":"\#(etag)","file":"movies/dune.png"}"#))

        let socket = try ServerRawSocket(port: server.port, timeout: 5)
        let path = "/rooms/\(room.code)/cards/dune/picture"
        socket.write(Array("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let full = try #require(socket.readHTTPBytes())
        #expect(full.head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(full.head.contains("Content-Type: image/png\r\n"))
        #expect(full.head.contains("ETag: \"\(etag)\""))
        #expect(full.head.contains("Cache-Control: private, max-age=86400\r\n"))
        #expect(full.body.starts(with: [0x89, 0x50, 0x4E, 0x47]) && full.body.count > 100)
        socket.write(Array("GET \(path) HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"\(etag)\"\r\n\r\n".utf8))
        let cached = try #require(socket.readHTTPBytes())
        #expect(cached.head.hasPrefix("HTTP/1.1 304 Not Modified\r\n"), "\(cached.head)")
        socket.write(Array("HEAD \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        let head = try #require(socket.readHTTPBytes(withBody: false))
        #expect(head.head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.head.contains("Content-Length: \(full.body.count)\r\n"))
        #expect(socket.readToEnd().bytes.isEmpty, "HEAD sent a body")

        var statuses: [Int] = []
        for guess in ["AAAA-AAAA-AA", "BBBB-BBBB-BB", "CCCC-CCCC-CC"] {
            statuses.append(try SecurityGuessLimitTests.get(server, "/rooms/\(guess)/cards/dune/picture").status)
        }
        #expect(statuses == [404, 404, 429])
        #expect(try SecurityGuessLimitTests.get(server, "/rooms/\(room.code)/results.json").status == 429)
        #expect(server.terminate() == 0)
    }

    /// The welcome of a second member joining the room.
    static func welcome(joining room: RawRoom, on server: ServerProcess) -> String? {
        guard let socket = try? ServerRawSocket(port: server.port) else { return nil }
        _ = try? socket.upgrade(path: "/")
        socket.sendText(#"{"type":"join","room":"\#(room.code)","name":"Bo"}"#)
        return SecurityAccessTests.nextText(socket)
    }
}
