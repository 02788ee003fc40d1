import SwipeCore

/// `welcome`: the answer to `create` or `join`: who you are, your resume token, and the whole room.
///
/// ```json
/// {"type":"welcome","protocol":1,"you":"m2","token":"…","serverTime":5120.4,"room":{…}}
/// ```
public struct Welcome: Hashable, Sendable, Codable {
    public var `protocol`: Int
    public var you: MemberID
    public var token: String
    /// Server time in milliseconds (monotonic, since the server started).
    public var serverTime: Double
    public var room: RoomSnapshot
    /// The `seq` your next `swipe` or `undo` should carry: one more than the highest the server has
    /// applied for you. A client that resumes a member in a new process (its own count back at 1)
    /// continues from here, so a new vote is not taken for a resend of an old one. Absent from
    /// servers before it was added.
    public var nextSeq: Int?
    /// The server's SSH gateway join line (`swipe-server --ssh-join`), e.g. `ssh -t -p 2222
    /// swipe@HOST`: the lobby shows it with the room code after it. Absent when the server has
    /// no gateway, and from servers before it was added; older clients ignore it.
    public var sshJoin: String?

    public init(protocol: Int = ProtocolVersion.current, you: MemberID, token: String, serverTime: Double, room: RoomSnapshot,
                nextSeq: Int? = nil) {
        self.protocol = `protocol`
        self.you = you
        self.token = token
        self.serverTime = serverTime
        self.room = room
        self.nextSeq = nextSeq
    }
}

/// `memberLeft`, `memberOnline`, `memberOffline`: presence changes of one member.
///
/// ```json
/// {"type":"memberOffline","member":"m2"}
/// ```
public struct MemberRef: Hashable, Sendable, Codable {
    public var member: MemberID
    public init(member: MemberID) { self.member = member }
}

/// `cardState`: where another member is dragging a card, at most 30 per second per member.
///
/// ```json
/// {"type":"cardState","member":"m2","card":"dune","phase":"changed","x":84,"y":-12,"rotation":0.14,
///  "progress":0.6,"direction":"right","serverTime":5120.4}
/// ```
public struct CardState: Hashable, Sendable, Codable {
    public var member: MemberID
    public var card: CardID
    public var phase: DragPhase
    public var x: Double
    public var y: Double
    public var rotation: Double
    /// Overlay progress 0…1 toward `direction` (nil when no direction leads).
    public var progress: Double
    public var direction: SwipeDirection?
    public var serverTime: Double
    /// The card's centre in the 300 × 400 layout space (resting centre + translation), when the server computed it.
    public var center: Point?
    /// The card's scale while dragged (SwipeCore's tilt style), when the server computed it.
    public var scale: Double?

    public init(member: MemberID, card: CardID, phase: DragPhase, x: Double, y: Double, rotation: Double,
                progress: Double, direction: SwipeDirection?, serverTime: Double, center: Point? = nil, scale: Double? = nil) {
        self.member = member
        self.card = card
        self.phase = phase
        self.x = x
        self.y = y
        self.rotation = rotation
        self.progress = progress
        self.direction = direction
        self.serverTime = serverTime
        self.center = center
        self.scale = scale
    }
}

/// `animation`: play this on `card`, from `from` to `to`, starting at server time `startAt` (ms),
/// lasting `duration` seconds (for springs: their settle time). Computed with SwipeCore.
///
/// ```json
/// {"type":"animation","card":"dune","kind":"flyOff","from":{…},"to":{…},"curve":{"kind":"easeInOut"},
///  "duration":0.2,"startAt":5121.0,"member":"m1"}
/// ```
public struct CardAnimation: Hashable, Sendable, Codable {
    public var card: CardID
    public var kind: AnimationKind
    public var from: CardTransform
    public var to: CardTransform
    public var curve: AnimationCurve
    public var duration: Double
    public var startAt: Double
    /// Whose view this animation is for (free pacing: the member who swiped); nil for everyone.
    public var member: MemberID?
    /// For reflow/appear: the stack index the card moves to.
    public var index: Int?

    public init(card: CardID, kind: AnimationKind, from: CardTransform, to: CardTransform, curve: AnimationCurve,
                duration: Double, startAt: Double, member: MemberID? = nil, index: Int? = nil) {
        self.card = card
        self.kind = kind
        self.from = from
        self.to = to
        self.curve = curve
        self.duration = duration
        self.startAt = startAt
        self.member = member
        self.index = index
    }
}

/// `voteAccepted`: the server has the vote (logged durably before this is sent).
///
/// ```json
/// {"type":"voteAccepted","card":"dune","vote":"like","seq":4}
/// ```
public struct VoteAccepted: Hashable, Sendable, Codable {
    public var card: CardID
    public var vote: Vote?
    public var seq: Int?
    /// True when this acknowledges an undo (then `vote` is nil).
    public var undone: Bool
    /// Free pacing: the receiver's new visible window after this vote or undo (nil in lockstep,
    /// where `cardResolved` carries the window for everyone).
    public var visible: [Card]?
    /// Free pacing: how many cards the receiver has left.
    public var remaining: Int?

    public init(card: CardID, vote: Vote?, seq: Int?, undone: Bool = false, visible: [Card]? = nil, remaining: Int? = nil) {
        self.card = card
        self.vote = vote
        self.seq = seq
        self.undone = undone
        self.visible = visible
        self.remaining = remaining
    }

    private enum CodingKeys: String, CodingKey { case card, vote, seq, undone, visible, remaining }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        card = try c.decode(CardID.self, forKey: .card)
        vote = try c.decodeIfPresent(Vote.self, forKey: .vote)
        seq = try c.decodeIfPresent(Int.self, forKey: .seq)
        undone = try c.decodeIfPresent(Bool.self, forKey: .undone) ?? false
        visible = try c.decodeIfPresent([Card].self, forKey: .visible)
        remaining = try c.decodeIfPresent(Int.self, forKey: .remaining)
    }
}

/// `cardResolved`: the card is decided; the receiver's new visible window follows. In protocol 3 it
/// is the whole resolution in one message: the `animations` that show it (lockstep) and the
/// `matched` card when the group agreed; older versions get those as `animation` and `match`
/// messages of their own (`ServerMessage.asSent(toProtocol:)`).
///
/// ```json
/// {"type":"cardResolved","card":"dune","outcome":"match","tally":{…},"visible":[…],"remaining":7,
///  "animations":[{"card":"dune","kind":"flyOff",…}],"matched":{"id":"dune","title":"Dune"}}
/// ```
public struct CardResolved: Hashable, Sendable, Codable {
    public var card: CardID
    public var outcome: CardOutcome
    public var tally: Tally
    public var visible: [Card]
    public var remaining: Int
    /// Protocol 3: the animations that show the resolution, in the order they were computed.
    public var animations: [CardAnimation]?
    /// Protocol 3: the card the group agreed on (what `match` says in older versions).
    public var matched: Card?

    public init(card: CardID, outcome: CardOutcome, tally: Tally, visible: [Card], remaining: Int,
                animations: [CardAnimation]? = nil, matched: Card? = nil) {
        self.card = card
        self.outcome = outcome
        self.tally = tally
        self.visible = visible
        self.remaining = remaining
        self.animations = animations
        self.matched = matched
    }
}

/// `match`: the group agrees on a card.
///
/// ```json
/// {"type":"match","card":{"id":"dune","title":"Dune"},"tally":{…}}
/// ```
public struct Match: Hashable, Sendable, Codable {
    public var card: Card
    public var tally: Tally
    public init(card: Card, tally: Tally) {
        self.card = card
        self.tally = tally
    }
}

/// `results`: the ranking of every card.
///
/// ```json
/// {"type":"results","final":true,"ranking":[{"rank":1,"card":"dune",…}]}
/// ```
public struct Results: Hashable, Sendable, Codable {
    public var final: Bool
    public var ranking: [ResultRow]
    /// The same ranking as CSV text, present only in the answer to the host's `export` command.
    public var csv: String?
    /// Protocol 4 (additive): each final round's own ranking, oldest first (absent without one).
    public var rounds: [RoundResults]?
    /// Protocol 4 (additive): the room's one winner, by the deck's card id, once decided.
    public var winner: CardID?
    /// Protocol 4 (additive): how the winner was decided, with `winner`.
    public var decidedBy: WinnerReason?
    /// Protocol 5: the room's closing time (ISO 8601 UTC), when it has one.
    public var closesAt: String?
    /// Protocol 5: true while a room with a closing time is open: its votes are sealed, so
    /// `ranking` is empty until the close.
    public var sealed: Bool?
    /// Protocol 5, while sealed: how many of the deck's `cards` each voter (by name) has voted on.
    public var progress: [String: Int]?
    /// Protocol 5, while sealed: how many cards the deck has.
    public var cards: Int?

    public init(final: Bool, ranking: [ResultRow], csv: String? = nil, rounds: [RoundResults]? = nil, winner: CardID? = nil,
                decidedBy: WinnerReason? = nil) {
        self.final = final
        self.ranking = ranking
        self.csv = csv
        self.rounds = rounds
        self.winner = winner
        self.decidedBy = decidedBy
    }
}

/// `pong`: the answer to `ping`.
///
/// ```json
/// {"type":"pong","t":10452.1,"serverTime":5120.4}
/// ```
public struct Pong: Hashable, Sendable, Codable {
    public var t: Double
    public var serverTime: Double
    public init(t: Double, serverTime: Double) {
        self.t = t
        self.serverTime = serverTime
    }
}

/// `roomClosed`: the host closed the room, or the receiver was kicked.
///
/// ```json
/// {"type":"roomClosed","reason":"kicked"}
/// ```
public struct RoomClosed: Hashable, Sendable, Codable {
    public var reason: String
    public init(reason: String) { self.reason = reason }
}

/// `phase`: the room moved to another phase (e.g. the host started it).
///
/// ```json
/// {"type":"phase","phase":"voting"}
/// ```
public struct PhaseChanged: Hashable, Sendable, Codable {
    public var phase: RoomPhase
    public var deadline: Double?
    public init(phase: RoomPhase, deadline: Double? = nil) {
        self.phase = phase
        self.deadline = deadline
    }
}
