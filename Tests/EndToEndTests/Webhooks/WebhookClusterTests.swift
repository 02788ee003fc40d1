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
        var create = WebhookDeliveryTests.create(notify: receiver.url, cards: ["Pho", "Tacos"])
        create.pacing = nil
        create.closesAt = closing.text
        let ann = DecisionMember(name: "Ann") { cluster.url(node: 0) }
        let code = try ann.connect(.create(create)).room.code
        #expect(receiver.next()?.event == "opened")
        let bo = DecisionMember(name: "Bo") { cluster.url(node: 1) }
        try bo.connect(.join(JoinRoom(room: code, name: "Bo")))
        try ann.vote("pho", .right)
        try bo.vote("pho", .right)
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
        var create = WebhookDeliveryTests.create(notify: receiver.url, cards: ["Pho", "Tacos"])
        create.pacing = nil
        create.closesAt = ClosingTimeServerTests.closing(in: 600).text
        let ann = DecisionMember(name: "Ann") { cluster.url(node: 0) }
        let code = try ann.connect(.create(create)).room.code
        #expect(receiver.next()?.event == "opened")
        let bo = DecisionMember(name: "Bo") { cluster.url(node: 1) }
        try bo.connect(.join(JoinRoom(room: code, name: "Bo")))
        try ann.vote("pho", .right)
        try bo.vote("pho", .right)
        ann.send(.host(HostCommand(command: .reveal)))
        #expect(bo.next { $0.type == "winner" } != nil, "Bo's node never saw the winner")
        let decided = try #require(receiver.next(timeout: 20), "no decided event")
        #expect(decided.key == "swipedeck-\(code.rawValue)-decided" && decided.body["winner"] as? String == "Pho")
        #expect(receiver.next(timeout: 3) == nil, "a second event: the chat heard the decision twice")
        ann.close()
        bo.close()
    }
}
