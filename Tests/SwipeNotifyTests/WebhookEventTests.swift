import Foundation
import Testing
@testable import SwipeNotify

/// The JSON a webhook receives: `text`/`content` for chat, `event`, `room`, `winner`, `ranking`.
@Suite struct WebhookEventTests {
    func object(_ event: WebhookEvent) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(event.body())) as? [String: Any])
    }

    @Test func openedNamesTheJoinLines() throws {
        var settings = NotifySettings()
        settings.joinServer = "ws://swipe.example.org:7681/"
        settings.sshJoin = "ssh -t -p 2222 swipe@swipe.example.org"
        let event = WebhookEvent.opened(room: "K7QM-X4TD-9R", deck: "lunch", joinLines: settings.joinLines(room: "K7QM-X4TD-9R"))
        let body = try object(event)
        #expect(body["event"] as? String == "opened")
        #expect(body["room"] as? String == "K7QM-X4TD-9R")
        #expect(body["winner"] is NSNull)
        #expect((body["ranking"] as? [Any])?.isEmpty == true)
        let text = try #require(body["text"] as? String)
        #expect(text == body["content"] as? String)
        #expect(text.contains("swipe join ws://swipe.example.org:7681/K7QM-X4TD-9R"))
        #expect(text.contains("ssh -t -p 2222 swipe@swipe.example.org K7QM-X4TD-9R"))
        #expect(text.contains("(lunch)"))
    }

    @Test func decidedNamesTheWinnerAndTheTopThree() throws {
        let ranking = [RankedOption(title: "Pho", likes: 3), RankedOption(title: "Tacos", likes: 2),
                       RankedOption(title: "Pizza", likes: 1), RankedOption(title: "Soup", likes: 0)]
        let event = WebhookEvent.decided(room: "R", winner: "Pho", ranking: ranking)
        let body = try object(event)
        #expect(body["event"] as? String == "decided")
        #expect(body["winner"] as? String == "Pho")
        let rows = try #require(body["ranking"] as? [[String: Any]])
        #expect(rows.map { $0["title"] as? String } == ["Pho", "Tacos", "Pizza"])
        #expect(rows.map { $0["likes"] as? Int } == [3, 2, 1])
        #expect(event.text == "SwipeDeck room R decided: Pho wins.\nTop three: 1. Pho (3 likes), 2. Tacos (2 likes), 3. Pizza (1 like)")
    }

    @Test(arguments: [
        (WebhookEvent.Kind.opened, "swipedeck-R-opened"),
        (.decided, "swipedeck-R-decided"),
    ])
    func theKeyNamesTheRoomAndTheEvent(_ kind: WebhookEvent.Kind, _ key: String) {
        let event = kind == .opened ? WebhookEvent.opened(room: "R", deck: nil, joinLines: [])
                                    : WebhookEvent.decided(room: "R", winner: nil, ranking: [])
        #expect(event.idempotencyKey == key)
    }

    @Test func chatMarkupAndMentionsAreDefused() throws {
        let event = WebhookEvent.decided(room: "R", winner: "<!channel> & @everyone", ranking: [])
        let body = try object(event)
        let text = try #require(body["text"] as? String)
        #expect(!text.contains("<!channel>") && text.contains("&lt;!channel&gt; &amp;"))
        #expect((body["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
        #expect(body["winner"] as? String == "<!channel> & @everyone")
    }

    @Test func longTitlesAreClippedAndTheBodyStaysSmall() throws {
        let long = String(repeating: "é", count: 5000)
        let event = WebhookEvent.decided(room: "R", winner: long, ranking: Array(repeating: RankedOption(title: long, likes: 1), count: 3))
        #expect(event.body().count < WebhookEvent.maxBodyBytes)
        #expect(try object(event)["winner"].flatMap { $0 as? String }?.count == WebhookEvent.maxFieldLength)
    }

    @Test func aClosedRoomWithoutAWinnerSaysSo() throws {
        let event = WebhookEvent.decided(room: "R", winner: nil, ranking: [])
        #expect(try object(event)["winner"] is NSNull)
        #expect(event.text == "SwipeDeck room R closed without a winner.")
    }
}
