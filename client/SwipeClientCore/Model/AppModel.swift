import SwipeCore
import SwipeProtocol

/// The whole client state as a value. `update` changes it; `view` draws it.
///
/// ```swift
/// var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "K7QM", role: nil)),
///                      size: TermSize(columns: 80, rows: 24))
/// _ = update(&model, .tick(now: 0))        // [.connect]
/// let frame = view(model, size: model.size)
/// ```
public struct AppModel: Hashable, Sendable {
    public var options: ClientOptions
    public var size: TermSize
    /// Local monotonic time (ms), from the latest tick.
    public var now: Double = 0
    public var connection: ConnectionStatus = .connecting(attempt: 1)
    /// Whether the first connect was asked for.
    public var started = false
    public var me: MemberID?
    public var token: String?
    /// The server's SSH gateway join line from `welcome` (`swipe-server --ssh-join`), if it has one.
    public var sshJoin: String?
    /// The room as last told by the server, with local predictions applied.
    public var room: RoomSnapshot?
    /// The card pictures fetched so far, by ETag (`Pictures/`).
    public var pictures = PictureShelf()
    /// Server time − local time (ms), from `welcome` and refined by `pong`.
    public var clockOffset: Double?
    public var lastPingAt: Double?
    /// The user's own drag in progress.
    public var drag: LocalDrag?
    /// Animations on cards in the visible stack, by card.
    public var playing: [CardID: PlayingMotion] = [:]
    /// Cards that left the stack and are still flying off.
    public var leaving: [LeavingCard] = []
    /// Other members' live drags.
    public var remoteDrags: [MemberID: CardState] = [:]
    /// Votes not yet acknowledged by the server (resent after a reconnect, same `seq`).
    public var pendingVotes: [SwipeVote] = []
    /// Cards this member swiped away (free pacing), newest last, for undo.
    public var swiped: [SwipedCard] = []
    public var nextSeq = 1
    public var banner: MatchBanner?
    public var results: Results?
    public var showingResults = false
    /// The first line of the ranking shown (see `resultsKey`).
    public var resultsScroll = 0
    /// Whether the results list who voted what under each card.
    public var showingVotes = false
    public var showingHelp = false
    public var notice: Notice?
    /// Lockstep: the card sent off on our own last vote before the server resolved it.
    public var sentAhead: SwipedCard?
    /// The group's outcome for the last card that resolved without a match.
    public var outcome: OutcomeToast?
    public var quitting = false
    /// The session is over for good (kicked, room closed): the screen says so until a key is pressed,
    /// then the client exits with this.
    public var ended: ClientExit?
    /// A host command waiting for a member pick or a yes/no.
    public var hostPrompt: HostPrompt?
    /// The lobby's proposal editor, while open (`a`); it takes every key but Ctrl-C.
    public var proposalEditor: ProposalEditor?
    /// The proposal `x` would withdraw (an index into the lobby's proposals).
    public var selectedProposal = 0
    /// The room's winner, shown over everything until a key is pressed.
    public var winnerBanner: Winner?
    /// The host asked for an export and its `results` have not arrived yet.
    public var exportRequested = false
    /// Why the connection last dropped or could not open (shown while reconnecting).
    public var lastDisconnect: String?
    /// The server slowed our join (too many wrong room codes from this network): it goes again at
    /// this local time (ms), on the same connection.
    public var joinRetryAt: Double?
    /// The server said to come back in this many seconds (an `error` with `retryAfter` before it
    /// closed 1013: its store is unreachable, or no replica has our input yet): the next reconnect
    /// waits at most this long, not the growing backoff, so a member is back within a second of the
    /// store's return (a Redis failover) however long the outage lasted.
    public var serverRetryAfter: Double?
    /// The tags the server gave the deck's pictures uploaded so far (by file), before `create`.
    public var pictureTags: [String: String] = [:]
    /// The wall clock and the local zone, read once by the shell at start (closing times on screen).
    public var wallClock = WallClock()

    /// A fresh model before connecting.
    ///
    /// ```swift
    /// var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "K7QM", role: nil)), size: TermSize(columns: 80, rows: 24))
    /// ```
    public init(options: ClientOptions, size: TermSize) {
        self.options = options
        self.size = size
        if case .join = options.entry { token = options.resumeToken }
    }

    /// The card on top of the stack, if any.
    ///
    /// ```swift
    /// model.topCard?.title   // "Dune"
    /// ```
    public var topCard: Card? { room?.visible.first }

    /// How this room stacks its cards, as `welcome` said (a server that sends none: the stack).
    /// Every frame and local motion of the stack uses it.
    ///
    /// ```swift
    /// model.layout   // .koloda in a room created with --layout koloda
    /// ```
    public var layout: RoomLayout { room?.layout ?? .stack }

    /// The server time now, when known.
    ///
    /// ```swift
    /// model.serverNow   // nil until welcomed
    /// ```
    public var serverNow: Double? { clockOffset.map { now + $0 } }

    /// Who may vote on a card as this client knows the room now: in lockstep the online voters and
    /// whoever already voted on the current card, in free pacing every voter (`Pacing.countsAsEligible`, as the server counts). A tally's own `eligible` was right
    /// when it was sent; members who joined or went offline since make it stale (a free-pacing
    /// card first seen in a welcome of a room of one said "0/1" after a second member joined).
    ///
    /// ```swift
    /// model.eligibleVoters   // 2: Ann and Bo online, Cy offline (lockstep)
    /// ```
    public var eligibleVoters: Int? {
        guard let room else { return nil }
        return room.members.count { room.pacing.countsAsEligible(role: $0.role, online: $0.online, voted: $0.votedCurrent) }
    }

    /// This member's own record in the room.
    ///
    /// ```swift
    /// model.myInfo?.role   // .member
    /// ```
    public var myInfo: MemberInfo? { room?.members.first { $0.id == me } }

    /// The vote this member has on a card (acknowledged or pending).
    ///
    /// ```swift
    /// model.myVote(on: "dune")   // .like once swiped right
    /// ```
    public func myVote(on card: CardID) -> Vote? {
        if let pending = pendingVotes.last(where: { $0.card == card }) { return pending.direction.vote }
        return room?.myVotes[card.rawValue]
    }
}

/// The user's own drag: where it started, where the pointer is, and recent samples for velocity.
///
/// ```swift
/// model.drag?.translation   // (120, 10) while dragging
/// ```
public struct LocalDrag: Hashable, Sendable {
    public var card: CardID
    public var startRow: Int
    public var startColumn: Int
    public var translation: Point
    public var startedAt: Double
    public var lastSentAt: Double
    /// (time ms, translation) of the last few moves, for the release velocity.
    public var samples: [DragSample]
}

/// One pointer sample of a drag.
///
/// ```swift
/// let sample = DragSample(at: 1_020, translation: Point(x: 40, y: 0))
/// ```
public struct DragSample: Hashable, Sendable {
    public var at: Double
    public var translation: Point
}

/// An animation playing on a card, started at local time `startedAt` (ms).
///
/// ```swift
/// let p = PlayingMotion(motion: StackMotion.snapBack(from: CardTransform(rotation: 0.2)), startedAt: 1_000)
/// ```
public struct PlayingMotion: Hashable, Sendable {
    public var motion: Motion
    public var startedAt: Double

    /// The transform at local time `now`.
    ///
    /// ```swift
    /// p.sample(now: 1_100)   // halfway back
    /// ```
    public func sample(now: Double) -> CardTransform { motion.sample(at: (now - startedAt) / 1000) }
    /// Whether it is over at local time `now`.
    ///
    /// ```swift
    /// p.isFinished(now: 1_200)   // true
    /// ```
    public func isFinished(now: Double) -> Bool { motion.isFinished(at: (now - startedAt) / 1000) }
}

/// A card flying off the stack.
///
/// ```swift
/// model.leaving.first?.direction   // .right while a liked card flies off
/// ```
public struct LeavingCard: Hashable, Sendable {
    public var card: Card
    public var motion: PlayingMotion
    public var direction: SwipeDirection
}

/// A card this member swiped away, kept for undo.
///
/// ```swift
/// model.swiped.last?.card.id   // the card `u` would bring back
/// ```
public struct SwipedCard: Hashable, Sendable {
    public var card: Card
    public var direction: SwipeDirection
}

/// The match banner on screen since local time `shownAt`.
///
/// ```swift
/// model.banner?.match.card.title   // "Dune"
/// ```
public struct MatchBanner: Hashable, Sendable {
    public var match: Match
    public var shownAt: Double
    /// How long the banner stays (ms).
    public static let duration = 3500.0
}

/// A short message at the bottom (errors from the server, hints).
///
/// ```swift
/// model.notice?.text   // "nothing to undo"
/// ```
public struct Notice: Hashable, Sendable {
    public var text: String
    public var shownAt: Double
    public static let duration = 4000.0
}
