import SwipeCore

/// A member as others see them.
///
/// ```swift
/// let ann = MemberInfo(id: "m1", name: "Ann", role: .host, online: true)
/// ```
public struct MemberInfo: Hashable, Sendable, Codable {
    public var id: MemberID
    public var name: String
    public var role: Role
    public var online: Bool
    /// In lockstep: whether they have voted on the current card. In free pacing: how many cards they have voted on.
    public var votedCurrent: Bool
    public var votesCast: Int
    /// A short tag of the member's SSH key (`KeyTag`) when they came through the server's trusted
    /// SSH gateway, shown beside the name; absent otherwise (and with `--no-key-tags`).
    public var tag: String?

    public init(id: MemberID, name: String, role: Role, online: Bool, votedCurrent: Bool = false, votesCast: Int = 0) {
        self.id = id
        self.name = name
        self.role = role
        self.online = online
        self.votedCurrent = votedCurrent
        self.votesCast = votesCast
    }
}

/// The counts on one card.
///
/// ```swift
/// let t = Tally(card: "c1", likes: 2, nopes: 1, superLikes: 1, voted: 3, eligible: 4)
/// t.score   // 4  (likes + 2 × superLikes)
/// ```
public struct Tally: Hashable, Sendable, Codable {
    public var card: CardID
    public var likes: Int
    public var nopes: Int
    public var superLikes: Int
    /// How many members have voted on this card.
    public var voted: Int
    /// How many members may vote on it (online voters in lockstep).
    public var eligible: Int
    /// Protocol 2: the member whose vote or undo this tally follows, with their marks now (what a
    /// `memberUpdated` after it says in protocol 1, which protocol 2 no longer sends). Absent otherwise.
    public var voter: MemberID?
    public var voterVotesCast: Int?
    public var voterVotedCurrent: Bool?

    public init(card: CardID, likes: Int = 0, nopes: Int = 0, superLikes: Int = 0, voted: Int = 0, eligible: Int = 0) {
        self.card = card
        self.likes = likes
        self.nopes = nopes
        self.superLikes = superLikes
        self.voted = voted
        self.eligible = eligible
    }

    /// The same counts, saying whose vote or undo they follow and that member's marks.
    ///
    /// ```swift
    /// tally.followingVote(of: bo)   // voter "m2", voterVotesCast 3, voterVotedCurrent true
    /// ```
    public func followingVote(of member: MemberInfo) -> Tally {
        var tally = self
        tally.voter = member.id
        tally.voterVotesCast = member.votesCast
        tally.voterVotedCurrent = member.votedCurrent
        return tally
    }

    /// The counts alone (no voter).
    public var counts: Tally {
        var tally = self
        tally.voter = nil
        tally.voterVotesCast = nil
        tally.voterVotedCurrent = nil
        return tally
    }

    /// Likes with super-likes counted double.
    public var score: Int { likes + 2 * superLikes }
}

/// How a card ended.
///
/// ```swift
/// CardOutcome.match.rawValue   // "match"
/// ```
public enum CardOutcome: String, CaseIterable, Hashable, Sendable, Codable {
    case match, noMatch, skipped, timedOut
}

/// The room's phase.
///
/// ```swift
/// RoomPhase.voting.rawValue   // "voting"
/// ```
public enum RoomPhase: String, CaseIterable, Hashable, Sendable, Codable {
    /// Waiting for the host's `start` (lockstep rooms with a host); free rooms start at once.
    case lobby
    case voting
    case finished
    case closed
}

/// One line of the results: a card with its counts and who voted what.
///
/// ```swift
/// let row = ResultRow(rank: 1, card: "c1", title: "Dune", likes: 3, nopes: 0, superLikes: 1,
///                     matched: true, votes: ["Ann": .like])
/// ```
public struct ResultRow: Hashable, Sendable, Codable {
    public var rank: Int
    public var card: CardID
    public var title: String
    public var likes: Int
    public var nopes: Int
    public var superLikes: Int
    public var matched: Bool
    /// Member display name → their vote.
    public var votes: [String: Vote]

    public init(rank: Int, card: CardID, title: String, likes: Int, nopes: Int, superLikes: Int, matched: Bool, votes: [String: Vote]) {
        self.rank = rank
        self.card = card
        self.title = title
        self.likes = likes
        self.nopes = nopes
        self.superLikes = superLikes
        self.matched = matched
        self.votes = votes
    }

    /// Likes with super-likes counted double.
    public var score: Int { likes + 2 * superLikes }
}

/// Everything a client needs to draw the room from scratch (sent in `welcome`).
public struct RoomSnapshot: Hashable, Sendable, Codable {
    public var code: RoomCode
    public var deckName: String
    public var rule: VoteRule
    public var pacing: Pacing
    public var phase: RoomPhase
    /// Lockstep timer per card in seconds, if any.
    public var timerSeconds: Double?
    /// Lockstep quorum: a card resolves once this many have voted, if set.
    public var quorum: Int?
    public var members: [MemberInfo]
    /// Total cards in the deck, and how many the receiving member has left.
    public var totalCards: Int
    public var remaining: Int
    /// The receiving member's visible window, top card first.
    public var visible: [Card]
    /// Tallies of unresolved cards the receiver can see (lockstep: the current card).
    public var tallies: [Tally]
    /// The receiver's own votes so far, card id → vote.
    public var myVotes: [String: Vote]
    /// Cards that matched so far, in order.
    public var matches: [CardID]
    /// Server time (ms) at which the current lockstep card's timer runs out, if running.
    public var deadline: Double?
    /// How every screen in the room stacks the cards (absent from older servers: `stack`).
    public var layout: RoomLayout?
    /// Protocol 4 (additive): options proposed in the lobby so far (absent when there are none).
    public var proposals: [Proposal]?
    /// Protocol 4 (additive): the final round being played (absent outside one).
    public var finalRound: FinalRoundInfo?
    /// Protocol 4 (additive): the room's one winner, once decided.
    public var winner: Winner?
    /// Protocol 4 (additive): true while the host has locked the room (absent when it is open).
    public var locked: Bool?
    /// Protocol 5: when a room with a closing time closes (ISO 8601 UTC); until then `tallies` is
    /// empty (votes are sealed) and every member's `votesCast` is their progress.
    public var closesAt: String?

    public init(code: RoomCode, deckName: String, rule: VoteRule, pacing: Pacing, phase: RoomPhase,
                timerSeconds: Double? = nil, quorum: Int? = nil, members: [MemberInfo], totalCards: Int, remaining: Int,
                visible: [Card], tallies: [Tally] = [], myVotes: [String: Vote] = [:], matches: [CardID] = [], deadline: Double? = nil,
                layout: RoomLayout? = nil) {
        self.code = code
        self.deckName = deckName
        self.rule = rule
        self.pacing = pacing
        self.phase = phase
        self.timerSeconds = timerSeconds
        self.quorum = quorum
        self.members = members
        self.totalCards = totalCards
        self.remaining = remaining
        self.visible = visible
        self.tallies = tallies
        self.myVotes = myVotes
        self.matches = matches
        self.deadline = deadline
        self.layout = layout
    }
}
