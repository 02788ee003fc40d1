import Foundation
import Testing

/// One address cannot use up the server's rooms or connections: rooms and connections are capped
/// per client address, and rooms nobody but their creator joined go soon after they are left, for
/// good (also across a restart).
@Suite struct SecurityRoomExhaustionTests {
    /// A WebSocket from `client` (through the trusted proxy's X-Forwarded-For) that creates a room;
    /// the first reply.
    static func create(_ server: ServerProcess, from client: String) throws -> String {
        let socket = try ServerRawSocket(port: server.port)
        _ = try socket.upgrade(path: "/", extraHeaders: "X-Forwarded-For: \(client)\r\n")
        socket.sendText(#"{"type":"create","name":"Mallory","cards":[{"id":"a","title":"A"}]}"#)
        return SecurityAccessTests.nextText(socket) ?? ""
    }

    @Test func oneAddressCannotTakeEveryRoom() throws {
        let server = try ServerProcess(arguments: ["--trust-proxy", "127.0.0.1", "--max-rooms-per-address", "3", "--max-rooms", "10"])
        let replies = try (0..<12).map { _ in try Self.create(server, from: "203.0.113.66") }
        #expect(replies.prefix(3).allSatisfy { $0.contains(#""welcome""#) })
        #expect(replies.dropFirst(3).allSatisfy { $0.contains(#""tooManyRooms""#) && $0.contains("--max-rooms-per-address") })
        #expect(try Self.create(server, from: "198.51.100.1").contains(#""welcome""#))   // someone else still can
        #expect(FreshClient.createsARoomAndVotes(on: server))
        #expect(server.terminate() == 0)
    }

    @Test func oneAddressCannotHoldEveryConnection() throws {
        let server = try ServerProcess(arguments: ["--trust-proxy", "127.0.0.1", "--max-connections-per-address", "5"])
        var held: [ServerRawSocket] = []
        for _ in 0..<5 {
            let socket = try ServerRawSocket(port: server.port)
            #expect(try socket.upgrade(path: "/", extraHeaders: "X-Forwarded-For: 203.0.113.66\r\n").contains(" 101"))
            held.append(socket)
        }
        // Five sockets in no room are the address's share: a sixth upgrade is let in at once and the
        // longest-held of the five makes way (closed 1008, saying why).
        let sixth = try ServerRawSocket(port: server.port)
        #expect(try sixth.upgrade(path: "/", extraHeaders: "X-Forwarded-For: 203.0.113.66\r\n").contains(" 101"))
        let oldest = held[0].readUntilClose()
        #expect(oldest.closeCode == 1008, "\(oldest)")
        let other = try ServerRawSocket(port: server.port)
        #expect(try other.upgrade(path: "/", extraHeaders: "X-Forwarded-For: 198.51.100.1\r\n").contains(" 101"))
        #expect(FreshClient.createsARoomAndVotes(on: server))
        held.removeAll()
        // Their slots are given back when they close.
        #expect(ProcessProbe.eventually {
            guard let socket = try? ServerRawSocket(port: server.port),
                  let head = try? socket.upgrade(path: "/", extraHeaders: "X-Forwarded-For: 203.0.113.66\r\n") else { return false }
            return head.contains(" 101")
        })
        #expect(server.terminate() == 0)
    }

    @Test func roomsOnlyTheirCreatorJoinedAreEvictedSoonAndStayEvicted() throws {
        let directory = NSTemporaryDirectory() + "swipe-evict-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["--data", directory, "--unjoined-room-timeout", "1", "--max-rooms-per-address", "0"]
        let server = try ServerProcess(arguments: arguments)
        for _ in 0..<8 { #expect(try Self.create(server, from: "127.0.0.1").contains(#""welcome""#)) }   // create and close
        // One room someone else joined stays for the usual 30 minutes.
        let room = try RawRoom.create(on: server)
        let code = room.code
        let guest = try ServerRawSocket(port: server.port)
        _ = try guest.upgrade(path: "/")
        guest.sendText(#"{"type":"join","room":"\#(code)","name":"Bo"}"#)
        #expect(SecurityAccessTests.nextText(guest)?.contains(#""welcome""#) == true)
        #expect(ProcessProbe.eventually { (FreshClient.health(server)?["rooms"] as? Int) == 1 })
        #expect(server.terminate() == 0)

        let again = try ServerProcess(arguments: arguments)
        #expect((FreshClient.health(again)?["rooms"] as? Int) == 1)   // the evicted ones did not come back
        #expect(FreshClient.createsARoomAndVotes(on: again))
        #expect(again.terminate() == 0)
    }
}
