import Foundation
import SwipeProtocol
import Testing

/// A stranger behind the same address as the group (one NAT, one machine, 127.0.0.1 here) floods
/// the server: guesses room codes, creates rooms and leaves, or opens sockets and sits on them.
/// The per-address limits slow the stranger and make way for the group instead of shutting
/// everyone at that address out.
@Suite struct SecuritySharedAddressTests {
    /// A WebSocket from this machine, upgraded.
    static func open(_ server: ServerProcess) throws -> ServerRawSocket {
        let socket = try ServerRawSocket(port: server.port)
        _ = try socket.upgrade(path: "/")
        return socket
    }

    /// Sends a join for `room` on `socket` and returns the answer's type or error code.
    static func join(_ socket: ServerRawSocket, _ room: String, as name: String) -> String {
        socket.sendText(#"{"type":"join","room":"\#(room)","name":"\#(name)"}"#)
        return answer(SecurityAccessTests.nextText(socket) ?? "")
    }

    /// A reply's type, or its error code.
    static func answer(_ reply: String) -> String {
        switch try? WireCodec.decodeServer(Array(reply.utf8)).get() {
        case let .error(refusal)?: return refusal.code.rawValue
        case let message?: return message.type
        case nil: return "nothing"
        }
    }

    @Test func aMemberWithTheCodeStillJoinsWhileAStrangerGuessesFromTheSameAddress() throws {
        let server = try ServerProcess(arguments: ["--failed-joins-per-minute", "3", "--slowed-join-interval", "2"])
        let room = try RawRoom.create(on: server)
        let stranger = try Self.open(server)
        let guesses = ["AAAA-AAAA-AA", "BBBB-BBBB-BB", "CCCC-CCCC-CC", "DDDD-DDDD-DD"].map { Self.join(stranger, $0, as: "Mallory") }
        // Three failures use up the address's minute; the next guess on that connection is slowed.
        #expect(guesses == ["unknownRoom", "unknownRoom", "unknownRoom", "rateLimited"])

        // Bo, on the same address with the right code: slowed (told when), not shut out.
        let opening = Date()
        let bo = try Self.open(server)
        bo.sendText(#"{"type":"join","room":"\#(room.code)","name":"Bo"}"#)
        let slowed = SecurityAccessTests.nextText(bo) ?? ""
        if Date().timeIntervalSince(opening) < 2 {   // (a machine this slow would have let Bo in at once)
            guard case let .error(refusal)? = try? WireCodec.decodeServer(Array(slowed.utf8)).get() else {
                Issue.record("expected a refusal, got \(slowed)")
                return
            }
            #expect(refusal.code == .rateLimited && refusal.message.contains("once every 2 s"), "\(slowed)")
            #expect(refusal.retryAfter.map { (1...2).contains($0) } == true, "\(slowed)")
        }
        // Going again when told, Bo is welcomed into the room.
        var answer = Self.answer(slowed)
        #expect(ProcessProbe.eventually(timeout: 10) {
            if answer == "rateLimited" { answer = Self.join(bo, room.code, as: "Bo") }
            return answer != "rateLimited"
        })
        #expect(answer == "welcome", "\(answer)")
        #expect(SecurityAccessTests.nextText(room.host)?.contains("memberJoined") == true)   // Ann hears of Bo

        // The stranger, guessing as fast as it can on its connection, gets one lookup per 2 s at most.
        let start = Date()
        let burst = (0..<20).map { _ in Self.join(stranger, "FFFF-FFFF-FF", as: "Mallory") }
        let allowed = 1 + Int(Date().timeIntervalSince(start) / 2)
        #expect(burst.filter { $0 == "unknownRoom" }.count <= allowed, "\(burst)")
        #expect(burst.allSatisfy { $0 == "unknownRoom" || $0 == "rateLimited" }, "\(burst)")
        #expect(server.terminate() == 0)
    }

    @Test func aStrangerWhoCreatesRoomsAndLeavesDoesNotStopOthersCreating() throws {
        let server = try ServerProcess(arguments: ["--max-rooms-per-address", "3", "--drop-grace", "0"])
        // A room someone else joined is the group's: never given up for a new one.
        let kept = try RawRoom.create(on: server)
        let guest = try Self.open(server)
        #expect(Self.join(guest, kept.code, as: "Bo") == "welcome")
        // The stranger creates a room and leaves, six times over: each create is served by giving up
        // the oldest room the address left before anyone joined.
        var created: [String] = []
        for _ in 0..<6 {
            let socket = try Self.open(server)
            socket.sendText(#"{"type":"create","name":"Mallory","cards":[{"id":"a","title":"A"}]}"#)
            created.append(RawRoom.field("type", in: SecurityAccessTests.nextText(socket) ?? "") ?? "nothing")
            socket.sendFrame(opcode: 8, [0x03, 0xE8])   // 1000: leaving
            _ = socket.readUntilClose()
        }
        #expect(created == Array(repeating: "welcome", count: 6), "\(created)")
        // Ann, on the same address, creates her room.
        let ann = try RawRoom.create(on: server, as: "Ann")
        #expect(!ann.code.isEmpty)
        // The group's room is still there; the stranger's left rooms made way.
        let late = try Self.open(server)
        #expect(Self.join(late, kept.code, as: "Cy") == "welcome")
        #expect((FreshClient.health(server)?["rooms"] as? Int) == 3)
        // Rooms the address is still in are not given up: past the cap, a create is refused.
        let held = try Self.open(server)
        held.sendText(#"{"type":"create","name":"Mallory","cards":[{"id":"a","title":"A"}]}"#)
        _ = SecurityAccessTests.nextText(held)
        let refused = try Self.open(server)
        refused.sendText(#"{"type":"create","name":"Mallory","cards":[{"id":"a","title":"A"}]}"#)
        #expect(SecurityAccessTests.nextText(refused)?.contains(#""tooManyRooms""#) == true)
        #expect(server.terminate() == 0)
    }

    @Test func aStrangerSittingOnSocketsMakesWayForSomeoneWhoJoins() throws {
        // Sockets in no room make way at the cap, at once, for an upgrade (the way into a room).
        // The host's socket is in a room: it is not part of the address's share of 4.
        let server = try ServerProcess(arguments: ["--max-connections-per-address", "4", "--slowed-join-interval", "1"])
        let room = try RawRoom.create(on: server)
        let sitters = try (0..<4).map { _ in try Self.open(server) }
        // Bo's socket is let in at once, and the longest-held sitter is closed with 1008, saying why.
        let bySocket = try ServerRawSocket(port: server.port)
        #expect(try bySocket.upgrade(path: "/").contains(" 101"))
        let first = sitters[0].readUntilClose()
        #expect(first.closeCode == 1008)
        #expect(Self.join(bySocket, room.code, as: "Bo") == "welcome")
        // The host, in a room, was never the one hung up: the host still hears of Bo.
        #expect(SecurityAccessTests.nextText(room.host)?.contains("memberJoined") == true)
        #expect(server.terminate() == 0)
    }
}
