import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// Rooms' webhooks against the real server and a local HTTP receiver: a 500 then a 200 (one retry,
/// the same Idempotency-Key), a receiver that hangs (votes go on), a crash while a POST is under
/// way (sent again after the restart), and a host the server does not allow (refused). The
/// server retries after 0.2 s (`--notify-retry`), so nothing here waits long; no assert times anything.
@Suite struct WebhookDeliveryTests {
    /// A free room of two cards, so Ann's like on the first decides nothing until she has voted both.
    static func create(notify: String?, cards: [String] = ["Pho", "Tacos"]) -> CreateRoom {
        var create = CreateRoom(name: "Ann", deck: "Lunch", cards: cards.map { Card(id: CardID($0.lowercased()), title: $0) },
                                rule: .majority, pacing: .free)
        create.notify = notify
        return create
    }

    static func server(_ extra: [String] = []) throws -> ServerProcess {
        try ServerProcess(arguments: ["--notify-allow", "127.0.0.1", "--notify-retry", "0.2"] + extra)
    }

    /// The error a `create` with this `notify` gets, or nil.
    static func refusal(of notify: String, on socket: BlockingWebSocket) -> ProtocolError? {
        socket.send(.create(create(notify: notify)))
        if case let .error(error)? = ServerSessionTests.next(socket, "error") { return error }
        return nil
    }

    /// Both loops: the sender's answers and wake-ups reach the service thread through its inbox.
    @Test(arguments: ["epoll", "poll"])
    func aFailureIsRetriedOnceWithTheSameKeyThenTheDecisionIsSent(eventLoop: String) throws {
        let receiver = try WebhookReceiver(plan: ["500", "200"])
        let server = try Self.server(["--event-loop", eventLoop])
        defer { server.stop() }
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(Self.create(notify: receiver.url, cards: ["Pho"])))
        let code = try #require(ServerSessionTests.welcome(ann)).room.code.rawValue
        let first = try #require(receiver.next())
        let retry = try #require(receiver.next())
        #expect(first.key == "swipedeck-\(code)-opened" && retry.key == first.key)
        #expect(first.contentType == "application/json")
        #expect(first.event == "opened" && first.body["room"] as? String == code)
        let text = try #require(first.body["text"] as? String)
        #expect(text.contains("swipe join ws://127.0.0.1:\(server.port)/\(code)") && first.body["content"] as? String == text)
        // Ann alone likes the only card: the deck ends with one match, the room's winner.
        ann.send(.swipe(SwipeVote(card: "pho", direction: .right, seq: 1)))
        #expect(ServerSessionTests.next(ann, "voteAccepted") != nil)
        // The next request is the decision, not a third `opened`: the 200 settled it.
        let decided = try #require(receiver.next())
        #expect(decided.key == "swipedeck-\(code)-decided" && decided.event == "decided")
        #expect(decided.body["winner"] as? String == "Pho")
        let ranking = try #require(decided.body["ranking"] as? [[String: Any]])
        #expect(ranking.first?["title"] as? String == "Pho" && ranking.first?["likes"] as? Int == 1)
    }

    @Test func aReceiverThatHangsNeverSlowsAVote() throws {
        let receiver = try WebhookReceiver(plan: ["hang"])
        let server = try Self.server()
        defer { server.stop() }
        let ann = try ServerSessionTests.connect(server)
        ann.send(.create(Self.create(notify: receiver.url)))
        let code = try #require(ServerSessionTests.welcome(ann)).room.code
        #expect(receiver.next()?.event == "opened")   // the POST is under way, and stays so
        let bo = try ServerSessionTests.connect(server)
        bo.send(.join(JoinRoom(room: code, name: "Bo")))
        #expect(ServerSessionTests.welcome(bo) != nil)
        for (seq, card) in ["pho", "tacos"].enumerated() {
            bo.send(.swipe(SwipeVote(card: CardID(card), direction: .left, seq: seq + 1)))
            #expect(ServerSessionTests.next(bo, "voteAccepted") != nil, "Bo's vote on \(card) was not acknowledged")
        }
        ann.send(.ping(Ping(t: 1)))
        #expect(ServerSessionTests.next(ann, "pong") != nil)
    }

    @Test func anEventUnderWayWhenTheServerDiesIsSentAfterTheRestart() throws {
        let receiver = try WebhookReceiver(plan: ["hang", "200"])
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-webhooks-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let first = try Self.server(["--data", data])
        let ann = try ServerSessionTests.connect(first)
        ann.send(.create(Self.create(notify: receiver.url)))
        let code = try #require(ServerSessionTests.welcome(ann)).room.code.rawValue
        let hung = try #require(receiver.next())
        kill(first.process.processIdentifier, SIGKILL)
        first.stop()
        let second = try Self.server(["--data", data])
        defer { second.stop() }
        let again = try #require(receiver.next())
        #expect(hung.key == "swipedeck-\(code)-opened" && again.key == hung.key && again.event == "opened")
    }

    @Test func aHostTheServerDoesNotAllowIsRefusedBeforeTheRoomExists() throws {
        let server = try ServerProcess(arguments: ["--notify-allow", "hooks.example.org"])
        defer { server.stop() }
        let ann = try ServerSessionTests.connect(server)
        let error = try #require(Self.refusal(of: "http://127.0.0.1:9/hook", on: ann))
        #expect(error.code == .notAllowed && error.message.contains("--notify-allow") && error.message.contains("127.0.0.1"))
        // No room was made: the same connection may still create one.
        ann.send(.create(Self.create(notify: "https://hooks.example.org/x")))
        #expect(ServerSessionTests.welcome(ann) != nil)
    }

    @Test func withoutTheFlagEveryNotifyIsRefused() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let error = try #require(Self.refusal(of: "https://hooks.slack.com/services/x", on: try ServerSessionTests.connect(server)))
        #expect(error.code == .notAllowed && error.message.contains("--notify-allow"))
    }

    @Test(arguments: ["ftp://hooks.example.org/x", "https://user@hooks.example.org/x", "hooks.example.org/x", "https://"])
    func swipeRefusesANotifyThatIsNotAWebhookURL(_ url: String) throws {
        let run = try clientRun(builtProduct("swipe"), ["create", "ws://127.0.0.1:9", "--deck", "movies", "--notify", url])
        #expect(run.status == 64 && run.output.contains("--notify"), "\(url): \(run.status) \(run.output)")
    }

    @Test func aBadAllowListStopsTheServerAtStart() throws {
        let run = try clientRun(ServerProcess.binary.path, ["--port", "0", "--data", ":memory:", "--notify-allow", "https://hooks.example.org"])
        #expect(run.status == 64 && run.output.contains("--notify-allow"), "\(run.status) \(run.output)")
    }
}
