import SwipeCore

/// How the room's one winner was decided. Values may be added within protocol 4: a client that
/// meets one it does not know still has the winner (show it without saying how).
///
/// ```swift
/// WinnerReason.tieBreak.rawValue   // "tieBreak"
/// ```
public enum WinnerReason: String, CaseIterable, Hashable, Sendable, Codable {
    /// The deck ended with exactly one match.
    case onlyMatch
    /// A final round's votes put one card ahead of the others.
    case votes
    /// Cards were level and no more votes could split them: the deck's ranking decided (matches
    /// first, then score, likes, fewer nopes, deck order). A final round that left the same cards
    /// level as it started with, or the host's `accept` in a free room whose top cards are level.
    case tieBreak
    /// The host accepted the card that led the deck's ranking alone (`host` `accept`), without a
    /// final round.
    case accepted
    /// Protocol 5: a room with a closing time closed with several matches, and the one that led
    /// the ranking alone (score, likes, fewer nopes) won. Older protocols are told `accepted`.
    case leadingMatch
    /// Protocol 5: a room with a closing time closed with no match, and the card that led the
    /// ranking alone won. Older protocols are told `accepted`.
    case leadingCard

    /// What a connection speaking `version` is told: protocol 5's endings are `accepted` before it
    /// (the card that led the ranking, taken without a final round).
    ///
    /// ```swift
    /// WinnerReason.leadingCard.asSent(toProtocol: 4)   // .accepted
    /// ```
    public func asSent(toProtocol version: Int) -> WinnerReason {
        switch self {
        case .onlyMatch, .votes, .tieBreak, .accepted: return self
        case .leadingMatch, .leadingCard: return version < ProtocolVersion.closingTimes ? .accepted : self
        }
    }
}

/// `winner` (protocol 4): the room's decision, the same on every screen. Also in `results`
/// (`winner`) and in the `welcome` snapshot of a finished room.
///
/// ```json
/// {"type":"winner","card":{"id":"pho","title":"Pho"},"decidedBy":"votes","round":1}
/// ```
public struct Winner: Hashable, Sendable, Codable {
    public var card: Card
    public var decidedBy: WinnerReason
    /// The final round that decided it (0: no final round was needed).
    public var round: Int

    public init(card: Card, decidedBy: WinnerReason, round: Int) {
        self.card = card
        self.decidedBy = decidedBy
        self.round = round
    }
}

/// The final round a room is in (in the `welcome` snapshot): its number and the cards it is over,
/// by their ids in the deck. A round's cards have ids of their own (`dune~r1`) so that its votes
/// are apart from the deck's.
///
/// ```json
/// {"round":1,"cards":["pho","tacos","curry"]}
/// ```
public struct FinalRoundInfo: Hashable, Sendable, Codable {
    public var round: Int
    public var cards: [CardID]

    public init(round: Int, cards: [CardID]) {
        self.round = round
        self.cards = cards
    }
}

/// One final round in `results`: its number and its own ranking of the cards it was over (`card`
/// is the deck's id; `matched` is whether the card led the round).
///
/// ```json
/// {"round":1,"ranking":[{"rank":1,"card":"pho","title":"Pho","likes":3,…}]}
/// ```
public struct RoundResults: Hashable, Sendable, Codable {
    public var round: Int
    public var ranking: [ResultRow]

    public init(round: Int, ranking: [ResultRow]) {
        self.round = round
        self.ranking = ranking
    }
}
