import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// Rooms with a closing time against the real server: they outlast everyone leaving, close on
/// time with nobody connected, and across SIGTERM and SIGKILL while nobody is connected; their
/// results come after the close and a late vote is refused. The closing times are a few seconds
/// ahead; the tests poll for what the server says, with deadlines.
@Suite(.serialized) struct ClosingTimeServerTests {
    static let cards = [Card(id: "pho", title: "Pho"), Card(id: "tacos", title: "Tacos"), Card(id: "curry", title: "Curry")]

    /// The ISO 8601 time `seconds` from now.
    static func closing(in seconds: Double) -> (text: String, at: Date) {
        let text = UTCTimestamp(millisecondsSince1970: (Date().timeIntervalSince1970 + seconds) * 1000).iso8601   // to the second
        return (text, Date(timeIntervalSince1970: (UTCTimestamp(iso8601: text)?.millisecondsSince1970 ?? 0) / 1000))
    }

    /// GET results.json until `done` holds (or 30 s pass); the last results read.
    static func results(_ server: ServerProcess, _ code: RoomCode, until done: (Int, Results?) -> Bool) throws -> (Int, Results?) {
        let deadline = Date().addingTimeInterval(30)
        var last: (Int, Results?) = (0, nil)
        while Date() < deadline {
            let response = try ServerRawSocket.get(port: server.port, path: "/rooms/\(code)/results.json")
            last = (response.status, try? JSONDecoder().decode(Results.self, from: Data(response.body.utf8)))
            if done(last.0, last.1) { return last }
            usleep(100_000)
        }
        return last
    }

    /// Ann creates a majority room over three cards closing at `closesAt`; Bo joins; both vote
    /// (Pho: like, like; Tacos: like, nope; Curry: Ann only, nope), then both leave.
    static func votedAndLeft(_ server: ServerProcess, closesAt: String) throws -> (RoomCode, DecisionMember, DecisionMember) {
        let ann = DecisionMember(name: "Ann") { server.url }
        let welcome = try ann.connect(.create(CreateRoom(name: "Ann", cards: cards, rule: .majority, closesAt: closesAt)))
        #expect(welcome.room.closesAt == closesAt && welcome.room.pacing == .free && welcome.room.phase == .voting)
        let code = welcome.room.code
        let bo = DecisionMember(name: "Bo") { server.url }
        try bo.connect(.join(JoinRoom(room: code, name: "Bo")))
        try ann.vote("pho", .right)
        // Sealed: Bo hears Ann's progress, never a tally.
        let progress = bo.next(5) { if case let .memberUpdated(info) = $0 { return info.name == "Ann" } else { return $0.type == "tally" } }
        if case let .memberUpdated(info)? = progress { #expect(info.votesCast == 1) } else { Issue.record("no progress: \(String(describing: progress))") }
        try bo.vote("pho", .right)
        try ann.vote("tacos", .right)
        try bo.vote("tacos", .left)
        try ann.vote("curry", .left)
        let (status, sealed) = try results(server, code) { status, _ in status == 200 }
        #expect(status == 200 && sealed?.sealed == true && sealed?.ranking.isEmpty == true && sealed?.closesAt == closesAt)
        ann.close()
        bo.close()
        return (code, ann, bo)
    }

    static func expectDecided(_ results: Results?, closesAt: String) {
        #expect(results?.final == true && results?.sealed == nil)
        #expect(results?.winner == "pho" && results?.decidedBy == .onlyMatch)
        #expect(results?.closesAt == closesAt)
        #expect(results?.ranking.first?.card == "pho" && results?.ranking.first?.likes == 2)
    }

    @Test func itClosesOnTimeWithNobodyOnlineAndALateVoteIsRefused() throws {
        let server = try ServerProcess(arguments: ["--abandoned-room-timeout", "1", "--unjoined-room-timeout", "1"])
        let closing = Self.closing(in: 4)
        let (code, ann, bo) = try Self.votedAndLeft(server, closesAt: closing.text)
        let (_, decided) = try Self.results(server, code) { _, results in results?.final == true }
        #expect(Date() >= closing.at.addingTimeInterval(-0.05), "not before its time")
        Self.expectDecided(decided, closesAt: closing.text)
        // Bo comes back: the results screen's data in welcome, and a vote is refused.
        let welcome = try bo.resume()
        #expect(welcome.room.phase == .finished && welcome.room.winner?.card.id == "pho" && welcome.room.winner?.decidedBy == .onlyMatch)
        bo.send(.swipe(SwipeVote(card: "curry", direction: .right, seq: 99)))
        let answer = bo.next { $0.type == "error" || $0.type == "voteAccepted" }
        guard case let .error(error)? = answer else { Issue.record("a late vote was taken: \(String(describing: answer))"); return }
        #expect(error.code == .notAllowed && error.message.contains("closed"))
        // Someone new joins after the close and sees the winner.
        let di = DecisionMember(name: "Di") { server.url }
        #expect(try di.connect(.join(JoinRoom(room: code, name: "Di"))).room.winner?.card.id == "pho")
        di.close()
        bo.close()
        ann.close()
        #expect(server.terminate() == 0)
    }

    @Test func itOutlastsEveryoneLeavingWhileARoomWithoutOneIsDropped() throws {
        let server = try ServerProcess(arguments: ["--abandoned-room-timeout", "1", "--unjoined-room-timeout", "1"])
        let plain = DecisionMember(name: "Cy") { server.url }
        let plainCode = try plain.connect(.create(CreateRoom(name: "Cy", deck: "movies", pacing: .free))).room.code
        let closing = Self.closing(in: 120)
        let ann = DecisionMember(name: "Ann") { server.url }
        let code = try ann.connect(.create(CreateRoom(name: "Ann", cards: Self.cards, closesAt: closing.text))).room.code
        plain.close()
        ann.close()
        let (gone, _) = try Self.results(server, plainCode) { status, _ in status == 404 }
        #expect(gone == 404, "a room without a closing time is dropped once abandoned")
        let (status, results) = try Self.results(server, code) { status, _ in status == 200 }
        #expect(status == 200 && results?.sealed == true)
        let bo = DecisionMember(name: "Bo") { server.url }
        let welcome = try bo.connect(.join(JoinRoom(room: code, name: "Bo")))
        #expect(welcome.room.phase == .voting && welcome.room.visible.map(\.id) == ["pho", "tacos", "curry"])
        bo.close()
        #expect(server.terminate() == 0)
    }

    @Test(arguments: [false, true])
    func aServerDownAtTheClosingTimeClosesTheRoomWhenItStarts(killed: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-closing-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var server = try ServerProcess(arguments: ["--data", directory])
        let closing = Self.closing(in: 3)
        let (code, _, left) = try Self.votedAndLeft(server, closesAt: closing.text)
        if killed { server.killHard() } else { #expect(server.terminate() == 0) }
        // Down through the closing time.
        while Date() < closing.at.addingTimeInterval(0.5) { usleep(100_000) }
        server = try ServerProcess(arguments: ["--data", directory])
        let restarted = server
        let bo = DecisionMember(name: "Bo") { restarted.url }
        (bo.room, bo.token) = (left.room, left.token)
        let (_, decided) = try Self.results(server, code) { _, results in results?.final == true }
        Self.expectDecided(decided, closesAt: closing.text)
        let welcome = try bo.resume()
        #expect(welcome.room.winner?.card.id == "pho")
        bo.close()
        // Decided once: a second restart reads the same decision.
        #expect(server.terminate() == 0)
        server = try ServerProcess(arguments: ["--data", directory])
        let (_, again) = try Self.results(server, code) { _, results in results != nil }
        Self.expectDecided(again, closesAt: closing.text)
        #expect(server.terminate() == 0)
    }

    /// (the closesAt, the server's flags, what the refusal says)
    static let refusals: [(String, [String], String)] = [
        ("2020-01-01T00:00:00Z", [], "not in the future"),
        ("soon", [], "ISO 8601"),
        (closing(in: 7200).text, ["--max-room-open", "3600"], "--max-room-open"),
    ]

    @Test(arguments: refusals.indices)
    func aBadClosingTimeIsRefused(_ index: Int) throws {
        let (closesAt, flags, says) = Self.refusals[index]
        let server = try ServerProcess(arguments: flags)
        let socket = try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: 5, subprotocol: ProtocolVersion.subprotocol)
        socket.send(.create(CreateRoom(name: "Ann", cards: Self.cards, closesAt: closesAt)))
        let answer = socket.receive(until: { $0.type == "error" || $0.type == "welcome" }, timeout: 10)
        guard case let .error(error)? = answer else { Issue.record("not refused: \(String(describing: answer))"); return }
        #expect(error.code == .badField && error.message.contains(says), "\(error.message)")
        // Protocol 4 cannot ask for one.
        let old = try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: 5, subprotocol: ProtocolVersion.subprotocolV4)
        old.send(.create(CreateRoom(name: "Ann", cards: Self.cards, closesAt: Self.closing(in: 60).text)))
        if case let .error(refusal)? = old.receive(until: { $0.type == "error" || $0.type == "welcome" }, timeout: 10) {
            #expect(refusal.code == .notAllowed && refusal.message.contains("protocol 5"))
        } else {
            Issue.record("protocol 4 made a room with a closing time")
        }
        socket.close()
        old.close()
        #expect(server.terminate() == 0)
    }
}
