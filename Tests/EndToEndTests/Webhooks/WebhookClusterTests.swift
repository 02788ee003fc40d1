import Foundation
import SwipeClient
import SwipeProtocol
import Testing

/// Webhooks with a Redis store: the node a room is created on sends `opened`, and `decided` when
/// the winner's entry comes back from the room's stream (docs/OPERATIONS.md, "Webhooks": the
/// events live in that node's memory for now).
@Suite(.serialized) struct WebhookClusterTests {
    @Test func theCreatingNodeSendsBothEvents() throws {
        let receiver = try WebhookReceiver(plan: ["200"])
        let cluster = try LocalCluster(nodes: 2, proxy: false, extraNodeArguments: ["--notify-allow", "127.0.0.1", "--notify-retry", "0.2"])
        defer { cluster.stop() }
        let ann = try BlockingWebSocket(url: try WebSocketURL(parsing: cluster.url(node: 0)), timeout: 10,
                                        subprotocol: ProtocolVersion.subprotocol)
        ann.send(.create(WebhookDeliveryTests.create(notify: receiver.url, cards: ["Pho"])))
        guard case let .welcome(welcome)? = ann.receive(until: { $0.type == "welcome" }, timeout: 10) else {
            Issue.record("no room for Ann"); return
        }
        let code = welcome.room.code.rawValue
        let opened = try #require(receiver.next())
        #expect(opened.key == "swipedeck-\(code)-opened" && opened.event == "opened")
        ann.send(.swipe(SwipeVote(card: "pho", direction: .right, seq: 1)))
        let decided = try #require(receiver.next())
        #expect(decided.key == "swipedeck-\(code)-decided" && decided.body["winner"] as? String == "Pho")
    }

    /// A room with a closing time created on node A with a webhook, a member on each node; A is
    /// SIGKILLed with nobody connected and replaced; at the close the other nodes decide it, and
    /// the chat hears `decided` once: the node that decides learns the webhook from the room's
    /// `created` entry, and of the nodes that see the winner only the one that claims the event in
    /// the store sends it.
    @Test func aRoomDecidedAfterItsNodeDiedTellsTheChatOnce() throws {
        let receiver = try WebhookReceiver(plan: ["200"])
        let cluster = try LocalCluster(nodes: 2, proxy: false, extraNodeArguments: ["--notify-allow", "127.0.0.1", "--notify-retry", "0.2"])
        defer { cluster.stop() }
        let closing = ClosingTimeServerTests.closing(in: 5)
        let (code, ann, bo) = try Self.bothLikePho(cluster, receiver, closesAt: closing.text)
        ann.close()
        bo.close()
        try cluster.replaceNode(0)
        let decided = try #require(receiver.next(timeout: 30), "no decided event after the close")
        #expect(decided.key == "swipedeck-\(code.rawValue)-decided" && decided.body["winner"] as? String == "Pho")
        #expect(receiver.next(timeout: 3) == nil, "a second event: the chat heard the decision twice")
    }

    /// Both nodes serve the room live when its winner is decided (a member on each, the host's
    /// reveal): each sees the winner, and the chat hears it once.
    @Test func twoNodesServingTheRoomTellTheChatOnce() throws {
        let receiver = try WebhookReceiver(plan: ["200"])
        let cluster = try LocalCluster(nodes: 2, proxy: false, extraNodeArguments: ["--notify-allow", "127.0.0.1", "--notify-retry", "0.2"])
        defer { cluster.stop() }
        let (code, ann, bo) = try Self.bothLikePho(cluster, receiver, closesAt: ClosingTimeServerTests.closing(in: 600).text)
        ann.send(.host(HostCommand(command: .reveal)))
        #expect(bo.next { $0.type == "winner" } != nil, "Bo's node never saw the winner")
        let decided = try #require(receiver.next(timeout: 20), "no decided event")
        #expect(decided.key == "swipedeck-\(code.rawValue)-decided" && decided.body["winner"] as? String == "Pho")
        #expect(receiver.next(timeout: 3) == nil, "a second event: the chat heard the decision twice")
        ann.close()
        bo.close()
    }

    /// The node sending `opened` is SIGKILLed while the receiver holds its request: the event is in
    /// the store, and once its time passes (`--webhook-takeover 2`) the other node takes it over and
    /// sends it, with the same key; once delivered, nobody sends it again.
    @Test func anEventWhoseNodeDiedIsSentByAnother() throws {
        let receiver = try WebhookReceiver(plan: ["hang", "200"])
        let cluster = try LocalCluster(nodes: 2, proxy: false, extraNodeArguments: ["--notify-allow", "127.0.0.1", "--notify-retry", "0.2",
                                                                                 "--webhook-takeover", "2"])
        defer { cluster.stop() }
        let ann = DecisionMember(name: "Ann") { cluster.url(node: 0) }
        let code = try ann.connect(.create(WebhookDeliveryTests.create(notify: receiver.url, cards: ["Pho", "Tacos"]))).room.code
        let first = try #require(receiver.next(), "no opened event")
        #expect(first.key == "swipedeck-\(code.rawValue)-opened")
        ann.close()
        cluster.nodes[0].killHard()   // its request still held by the receiver
        let again = try #require(receiver.next(timeout: 30), "nobody took the event over")
        #expect(again.key == first.key && again.event == "opened")
        #expect(receiver.next(timeout: 6) == nil, "sent again after it was delivered")
    }

    /// Ann creates a room closing at `closesAt` with the receiver as its webhook on node 1 (the
    /// chat hears `opened`), Bo joins on node 2, and both like Pho.
    static func bothLikePho(_ cluster: LocalCluster, _ receiver: WebhookReceiver, closesAt: String) throws -> (RoomCode, DecisionMember, DecisionMember) {
        var create = WebhookDeliveryTests.create(notify: receiver.url, cards: ["Pho", "Tacos"])
        create.pacing = nil
        create.closesAt = closesAt
        let ann = DecisionMember(name: "Ann") { cluster.url(node: 0) }
        let code = try ann.connect(.create(create)).room.code
        #expect(receiver.next()?.event == "opened")
        let bo = DecisionMember(name: "Bo") { cluster.url(node: 1) }
        try bo.connect(.join(JoinRoom(room: code, name: "Bo")))
        try ann.vote("pho", .right)
        try bo.vote("pho", .right)
        return (code, ann, bo)
    }
}
