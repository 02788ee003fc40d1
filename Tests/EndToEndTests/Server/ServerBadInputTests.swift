import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// Every kind of bad input against the real server: recoverable mistakes get an error and keep the
/// connection; abuse gets an error and a close code; other members never notice.
@Suite(.serialized) struct ServerBadInputTests {
    static let wait = 10.0

    /// A lockstep room with Ann (host) and Bo, started; Bo is the one misbehaving.
    struct Room {
        let server: ServerProcess
        let ann: BlockingWebSocket
        let bo: BlockingWebSocket
        let code: RoomCode
    }

    static func room(arguments: [String] = []) throws -> Room {
        let server = try ServerProcess(arguments: arguments)
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies", rule: .unanimous)))
        let code = try #require(ServerSessionTests.welcome(ann)).room.code
        let bo = try ServerSessionTests.connect(server)
        bo.send(.join(JoinRoom(room: code, name: "Bo")))
        _ = try #require(ServerSessionTests.welcome(bo))
        ann.send(.host(HostCommand(command: .start)))
        _ = ServerSessionTests.next(bo, "phase")
        return Room(server: server, ann: ann, bo: bo, code: code)
    }

    static func error(after raw: String, on socket: BlockingWebSocket) -> ProtocolError? {
        socket.sendRaw(Array(raw.utf8))
        if case let .error(error)? = ServerSessionTests.next(socket, "error") { return error }
        return nil
    }

    /// Ann still gets answers: the misbehaviour did not reach her.
    static func annIsUnaffected(_ room: Room) {
        room.ann.send(.ping(Ping(t: 42)))
        guard case let .pong(pong)? = ServerSessionTests.next(room.ann, "pong") else { Issue.record("Ann lost her connection"); return }
        #expect(pong.t == 42)
        #expect(room.ann.undecodable.isEmpty)
    }

    @Test func recoverableMistakesGetNamedErrorsAndKeepTheConnection() throws {
        let room = try Self.room()
        let cases: [(String, ErrorCode, String)] = [
            ("{\"type\":", .badJSON, "not valid JSON"),
            ("[]", .badJSON, "JSON object"),
            (#"{"type":"teleport"}"#, .unknownType, "unknown message type \"teleport\""),
            (#"{"type":"swipe","direction":"right"}"#, .missingField, "swipe: field \"card\" is missing"),
            (#"{"type":"drag","card":"dune","phase":"changed","x":"far","y":0,"t":0}"#, .badField, "field \"x\" should be a number"),
            (#"{"type":"swipe","card":"ghost","direction":"right"}"#, .unknownCard, "no card \"ghost\""),
            (#"{"type":"swipe","card":"amelie","direction":"right"}"#, .notCurrentCard, "not your top card"),
            (#"{"type":"host","command":"skip"}"#, .notHost, "only the host"),
            (#"{"type":"join","room":"2222-2222-22","name":"Bo"}"#, .alreadyInRoom, "already in room"),
        ]
        for (raw, code, text) in cases {
            let error = Self.error(after: raw, on: room.bo)
            #expect(error?.code == code, "\(raw)")
            #expect(error?.message.contains(text) == true, "\(raw) → \(String(describing: error?.message))")
            #expect(room.bo.isOpen)
        }
        // Double vote, then a vote on a resolved card.
        room.bo.send(.swipe(SwipeVote(card: "dune", direction: .right)))
        #expect(Self.error(after: #"{"type":"swipe","card":"dune","direction":"left"}"#, on: room.bo)?.code == .alreadyVoted)
        room.ann.send(.swipe(SwipeVote(card: "dune", direction: .right)))
        _ = ServerSessionTests.next(room.bo, "cardResolved")
        let resolved = Self.error(after: #"{"type":"undo","card":"dune"}"#, on: room.bo)
        #expect(resolved?.code == .cardResolved)
        let late = Self.error(after: #"{"type":"swipe","card":"dune","direction":"left"}"#, on: room.bo)
        #expect(late?.code == .cardResolved)
        #expect(room.bo.isOpen)
        Self.annIsUnaffected(room)

        // Before joining: only create, join and ping make sense.
        let stranger = try ServerSessionTests.connect(room.server)
        #expect(Self.error(after: #"{"type":"swipe","card":"dune","direction":"right"}"#, on: stranger)?.code == .notInRoom)
        #expect(Self.error(after: #"{"type":"join","room":"2222-2222-22","name":"X"}"#, on: stranger)?.code == .unknownRoom)
        #expect(Self.error(after: #"{"type":"join","room":"\#(room.code)","name":"X","token":"forged"}"#, on: stranger)?.code == .badToken)
        #expect(stranger.isOpen)
        #expect(room.server.terminate() == 0)
    }

    @Test func binaryFramesOversizeAndFloodsCloseTheConnection() throws {
        // A low limit: 400 messages cannot stay under 50 + 5/s unless sending them took over a minute,
        // so the flood is detected however slow the machine is.
        let room = try Self.room(arguments: ["--max-messages-per-second", "5", "--message-burst", "50"])

        // A client asking for no subprotocol, on any path, is served the same way.
        let raw = try ServerRawSocket(port: room.server.port)
        let head = try raw.upgrade(path: "/any/path?x=1")
        #expect(head.hasPrefix("HTTP/1.1 101"))
        raw.sendText(#"{"type":"join","room":"\#(room.code)","name":"Raw\u0007Bin"}"#)
        let welcome = raw.readFrame().map { String(decoding: $0.payload, as: UTF8.self) } ?? ""
        #expect(welcome.contains("\"type\":\"welcome\""))
        #expect(welcome.contains("\"name\":\"RawBin\""))
        raw.sendFrame(opcode: 2, [0xDE, 0xAD])
        let binary = raw.readUntilClose()
        #expect(binary.texts.contains { $0.contains("\"code\":\"binaryFrame\"") })
        #expect(binary.closeCode == 1003)

        // Over 64 KiB, sent in fragments: error then 1009.
        let big = try ServerRawSocket(port: room.server.port)
        _ = try big.upgrade(path: "/")
        let chunk = [UInt8](repeating: 0x20, count: 40_000)
        big.sendFrame(opcode: 1, chunk, final: false)
        big.sendFrame(opcode: 0, chunk, final: true)
        let oversize = big.readUntilClose()
        #expect(oversize.texts.contains { $0.contains("\"code\":\"tooLarge\"") })
        #expect(oversize.closeCode == 1009)

        // A flood: error then 1008.
        let flood = try ServerRawSocket(port: room.server.port)
        _ = try flood.upgrade(path: "/")
        for i in 0..<400 { flood.sendText(#"{"type":"ping","t":\#(i)}"#) }
        let flooded = flood.readUntilClose()
        #expect(flooded.texts.contains { $0.contains("\"code\":\"rateLimited\"") })
        #expect(flooded.closeCode == 1008, "\(flooded.texts.count) texts, then \(flood.endReason)")

        // Ann saw the raw member join and leave, and nothing else changed for her.
        #expect(ServerSessionTests.next(room.ann, "memberOffline") == .memberOffline(MemberRef(member: "m3")))
        Self.annIsUnaffected(room)
        // The abusive connections are gone (polled with a deadline: closing handshakes take a moment).
        var health = try ServerRawSocket.get(port: room.server.port, path: "/healthz")
        let deadline = Date().addingTimeInterval(Self.wait)
        while !health.body.contains("\"connections\":2") && Date() < deadline {
            usleep(20_000)
            health = try ServerRawSocket.get(port: room.server.port, path: "/healthz")
        }
        #expect(health.body.contains("\"connections\":2"), "\(health.body)")
        #expect(room.server.terminate() == 0)
    }
}
