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
}
