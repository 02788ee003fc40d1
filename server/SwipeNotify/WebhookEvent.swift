import Foundation

/// What a room's webhook is told: the room opened (with the lines that join it) or it was decided
/// (the winner and the top three). `body()` is the JSON POSTed: `text` (Slack, Mattermost,
/// Rocket.Chat) and `content` (Discord) say it in words; `event`, `room`, `winner` and `ranking`
/// say it as data. Pure.
///
/// ```swift
/// let event = WebhookEvent.decided(room: "K7QM-X4TD-9R", winner: "Pho",
///                                   ranking: [RankedOption(title: "Pho", likes: 3), RankedOption(title: "Tacos", likes: 2)])
/// event.idempotencyKey        // "swipedeck-K7QM-X4TD-9R-decided"
/// String(decoding: event.body(), as: UTF8.self)
/// // {"allowed_mentions":{"parse":[]},"content":"…","event":"decided","ranking":[{"likes":3,"title":"Pho"},…],"room":"K7QM-X4TD-9R","text":"…","winner":"Pho"}
/// ```
public struct WebhookEvent: Hashable, Sendable {
    /// Which moment of the room.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case opened, decided
    }

    public var kind: Kind
    /// The room's code.
    public var room: String
    /// The deck's name (opened only; nil when not known).
    public var deck: String?
    /// How to join (opened): `swipe join ws://…/CODE`, `ssh -t -p 2222 swipe@HOST CODE`.
    public var joinLines: [String]
    /// The winner's title (decided; nil when the room closed without one).
    public var winner: String?
    /// The ranking's first three (decided).
    public var ranking: [RankedOption]

    /// The most a title, a deck name or a join line takes in the body.
    public static let maxFieldLength = 200
    /// The most a body is (the sender refuses more).
    public static let maxBodyBytes = 16 * 1024

    /// The room is open.
    ///
    /// ```swift
    /// WebhookEvent.opened(room: "K7QM-X4TD-9R", deck: "lunch", joinLines: ["swipe join ws://swipe.example.org:7681/K7QM-X4TD-9R"])
    /// ```
    public static func opened(room: String, deck: String?, joinLines: [String]) -> WebhookEvent {
        WebhookEvent(kind: .opened, room: room, deck: deck, joinLines: joinLines, winner: nil, ranking: [])
    }

    /// The room has its one decision (`ranking`: best first; only the first three are sent).
    ///
    /// ```swift
    /// WebhookEvent.decided(room: "K7QM-X4TD-9R", winner: "Pho", ranking: [RankedOption(title: "Pho", likes: 3)])
    /// ```
    public static func decided(room: String, winner: String?, ranking: [RankedOption]) -> WebhookEvent {
        WebhookEvent(kind: .decided, room: room, deck: nil, joinLines: [], winner: winner, ranking: Array(ranking.prefix(3)))
    }

    /// The same on every retry, on every node and after every restart: a room opens once and is
    /// decided once, so the room and the kind name the event.
    ///
    /// ```swift
    /// WebhookEvent.opened(room: "R", deck: nil, joinLines: []).idempotencyKey   // "swipedeck-R-opened"
    /// ```
    public var idempotencyKey: String { "swipedeck-\(room)-\(kind.rawValue)" }

    /// The message in words, as chat shows it.
    ///
    /// ```swift
    /// WebhookEvent.decided(room: "R", winner: "Pho", ranking: [RankedOption(title: "Pho", likes: 3)]).text
    /// // "SwipeDeck room R decided: Pho wins.\nTop three: 1. Pho (3 likes)"
    /// ```
    public var text: String {
        switch kind {
        case .opened:
            let deckPart = deck.map { " (\(Self.clip($0)))" } ?? ""
            let lines = joinLines.map { "  " + Self.clip($0) }
            return (["SwipeDeck room \(room) is open\(deckPart). Join with:"] + lines).joined(separator: "\n")
        case .decided:
            let head = winner.map { "SwipeDeck room \(room) decided: \(Self.clip($0)) wins." } ?? "SwipeDeck room \(room) closed without a winner."
            guard !ranking.isEmpty else { return head }
            let rows = ranking.enumerated().map { index, option in
                "\(index + 1). \(Self.clip(option.title)) (\(option.likes) \(option.likes == 1 ? "like" : "likes"))"
            }
            return head + "\nTop three: " + rows.joined(separator: ", ")
        }
    }

    /// The JSON body, keys sorted. `text` and `content` are escaped for Slack's markup (`&`, `<`,
    /// `>`), and `allowed_mentions` keeps Discord from pinging anyone a title names (`@everyone`).
    ///
    /// ```swift
    /// WebhookEvent.opened(room: "R", deck: nil, joinLines: []).body().count   // a few hundred bytes
    /// ```
    public func body() -> [UInt8] {
        let words = Self.escapedForChat(text)
        let payload = Body(text: words, content: words, event: kind.rawValue, room: room, winner: winner.map { Self.clip($0) },
                           ranking: ranking.map { RankedOption(title: Self.clip($0.title), likes: $0.likes) },
                           allowedMentions: .init(parse: []))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(payload)).map { Array($0) } ?? []
    }

    static func clip(_ text: String) -> String {
        text.count <= maxFieldLength ? text : String(text.prefix(maxFieldLength - 1)) + "…"
    }

    /// Slack's three escapes (Mattermost and Discord show them as the characters).
    static func escapedForChat(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private struct Body: Encodable {
        struct Mentions: Encodable { var parse: [String] }
        var text: String
        var content: String
        var event: String
        var room: String
        var winner: String?
        var ranking: [RankedOption]
        var allowedMentions: Mentions

        enum CodingKeys: String, CodingKey {
            case text, content, event, room, winner, ranking
            case allowedMentions = "allowed_mentions"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
            try container.encode(content, forKey: .content)
            try container.encode(event, forKey: .event)
            try container.encode(room, forKey: .room)
            try container.encode(winner, forKey: .winner)   // null when there is none
            try container.encode(ranking, forKey: .ranking)
            try container.encode(allowedMentions, forKey: .allowedMentions)
        }
    }
}

/// One row of a decided room's ranking as a webhook sends it.
///
/// ```swift
/// RankedOption(title: "Pho", likes: 3)   // {"likes":3,"title":"Pho"}
/// ```
public struct RankedOption: Hashable, Sendable, Codable {
    public var title: String
    public var likes: Int

    public init(title: String, likes: Int) {
        self.title = title
        self.likes = likes
    }
}
