import Foundation
import Testing
@testable import SwipeNotify

/// docs/PROTOCOL.md's webhook bodies are what the builder writes, byte for byte.
@Suite struct WebhookDocTests {
    static func documentedBodies() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Webhooks (`notify`)").last)
        let lines = section.components(separatedBy: "\n")
        return lines.indices.filter { lines[$0] == "```json" && $0 + 1 < lines.count }.map { lines[$0 + 1] }
    }

    @Test func theDocumentedBodiesAreTheBuildersOwn() throws {
        var settings = NotifySettings()
        settings.joinServer = "wss://swipe.example.org"
        settings.sshJoin = "ssh -t -p 2222 swipe@swipe.example.org"
        let opened = WebhookEvent.opened(room: "K7QM-X4TD-9R", deck: "lunch", joinLines: settings.joinLines(room: "K7QM-X4TD-9R"))
        let decided = WebhookEvent.decided(room: "K7QM-X4TD-9R", winner: "Pho", ranking: [
            RankedOption(title: "Pho", likes: 3), RankedOption(title: "Tacos", likes: 2), RankedOption(title: "Pizza", likes: 1),
        ])
        let bodies = try Self.documentedBodies()
        #expect(bodies == [opened, decided].map { String(decoding: $0.body(), as: UTF8.self) })
    }
}
