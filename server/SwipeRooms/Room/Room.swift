import SwipeCore
import SwipeProtocol

/// One room: its deck, members, votes and phase. A value type: `handle` takes an event and the
/// current server time and returns the effects the shell must carry out. It never reads a clock
/// or touches a socket.
///
/// ```swift
/// var room = Room(code: "K7QM-X4TD-9R", deckName: "movies", cards: cards, settings: RoomSettings(pacing: .free), at: 0)
/// let effects = room.handle(.memberConnected(ConnectionID(1), JoinRoom(room: room.code, name: "Ann"), token: "t1"), at: 5)
/// // [.append(memberJoined), .bind(c1, m1), .send(welcome, to: m1), …]
/// ```
public struct Room: Sendable {
    public let code: RoomCode
    public let deckName: String
    /// The deck: the cards it was created with, then (at `start`) the options proposed in the
    /// lobby, then each final round's copies of its cards (`Room+FinalRound.swift`).
    public internal(set) var cards: [Card]
    public let settings: RoomSettings
    public internal(set) var phase: RoomPhase
    /// Lockstep: the index of the card everyone is on.
    public internal(set) var currentIndex = 0
    /// Lockstep: when the current card's timer runs out.
    public internal(set) var deadline: ServerTime?
    /// Lockstep, after a restart: until this server time, members restored from the log who have
    /// not resumed yet still count as voters (`Room.restarted(at:grace:)`).
    public internal(set) var graceDeadline: ServerTime?
    public internal(set) var matches: [CardID] = []
    /// Server time of the last event the room handled (for evicting abandoned rooms).
    public internal(set) var lastActivity: ServerTime
    package var members: [Member] = []
    var votes: [CardID: [MemberID: Vote]] = [:]
    var outcomes: [CardID: CardOutcome] = [:]
    var cardIndex: [CardID: Int] = [:]
    var nextMemberNumber = 1
    var hostCreated = false
    /// The names of members the host removed (`Room.nameKey`): a `join` under one of them is refused.
    var removedNames: Set<String> = []
    /// Options proposed in the lobby, in order (`Room+Proposals.swift`); `start` makes them cards.
    var proposals: [Proposal] = []
    var nextProposalNumber = 1
    /// How many proposals a member, and the whole room, may have in the lobby (a server setting,
    /// like `settings.maxMembers`: not logged).
    public var proposalCaps = ProposalCaps()
    /// The final rounds so far, oldest first (`Room+FinalRound.swift`).
    var rounds: [FinalRoundState] = []
    /// The room's one decision, once there is one.
    var winner: WinnerState?
    /// The host locked the room: no new members (`Room+Lock.swift`); resumes still work.
    public internal(set) var locked = false
    /// The wall clock (ms since 1970) at server time 0, so that `settings.closesAt` is read on the
    /// server's clock (`closeDeadline`). A server setting like `proposalCaps`, not logged: 0 in a
    /// cluster, whose server time is the wall clock already.
    public var wallClockAtZero: ServerTime = 0

    /// How many cards each member sees at once.
    ///
    /// ```swift
    /// Room.visibleCount   // 3
    /// ```
    public static let visibleCount = 3

    /// Creates a room. Free rooms vote at once; lockstep rooms wait in the lobby for the host's `start`.
    ///
    /// ```swift
    /// let room = Room(code: "K7QM-X4TD-9R", deckName: "movies", cards: cards, settings: RoomSettings(), at: 0)
    /// room.phase   // .lobby
    /// ```
    public init(code: RoomCode, deckName: String, cards: [Card], settings: RoomSettings, at now: ServerTime) {
        self.code = code
        self.deckName = deckName
        self.cards = cards
        self.settings = settings
        lastActivity = now
        switch settings.pacing {
        case .lockstep: phase = .lobby
        case .free: phase = .voting
        }
        for (index, card) in cards.enumerated() where cardIndex[card.id] == nil {
            cardIndex[card.id] = index
        }
    }

    /// The effect that records the room's creation (the registry appends it first).
    ///
    /// ```swift
    /// room.creationRecord(at: 0)   // .append(LogRecord(… .roomCreated …))
    /// ```
    public func creationRecord(at now: ServerTime) -> RoomEffect {
        log(.roomCreated(deck: deckName, cards: cards, rule: settings.rule, pacing: settings.pacing,
                         timerSeconds: settings.timerSeconds, quorum: settings.quorum, layout: settings.layout,
                         closesAt: settings.closesAt), at: now)
    }

    /// Handles one event at server time `now`; returns what to do, in order.
    ///
    /// ```swift
    /// let effects = room.handle(.messageReceived("m1", .swipe(SwipeVote(card: "dune", direction: .right))), at: 900)
    /// ```
    public mutating func handle(_ event: RoomEvent, at now: ServerTime) -> [RoomEffect] {
        lastActivity = max(lastActivity, now)
        switch event {
        case let .memberConnected(connection, join, token):
            return connect(connection, join, freshToken: token, asHost: false, at: now)
        case let .messageReceived(member, message):
            guard let index = memberIndex(member) else { return [] }
            return receive(message, from: index, at: now)
        case let .memberDisconnected(member, grace):
            return membersLost([member], grace: grace, at: now)
        case .timerFired:
            return timerFired(at: now)
        }
    }

    /// Joins the room's creator as host (the registry calls this right after `init`).
    ///
    /// ```swift
    /// let effects = room.connectHost(ConnectionID(1), name: "Ann", token: "t1", at: 0)
    /// ```
    public mutating func connectHost(_ connection: ConnectionID, name: String, token: String, tag: String? = nil, at now: ServerTime) -> [RoomEffect] {
        var join = JoinRoom(room: code, name: name, role: .host)
        join.keyTag = tag
        return connect(connection, join, freshToken: token, asHost: true, at: now)
    }

    /// Whether nobody is connected.
    ///
    /// ```swift
    /// room.isDeserted   // true once every member went offline
    /// ```
    public var isDeserted: Bool { !members.contains(where: \.online) }

    /// How many members are connected.
    ///
    /// ```swift
    /// room.onlineCount   // 3
    /// ```
    public var onlineCount: Int { members.filter(\.online).count }

    private mutating func receive(_ message: ClientMessage, from index: Int, at now: ServerTime) -> [RoomEffect] {
        let member = members[index].id
        switch message {
        case .create, .join, .picture:
            // (The shell refuses a `picture` before it reaches a room: pictures come before create.)
            return [fail(member, .alreadyInRoom, "\(message.type): this connection is already in room \(code)")]
        case let .drag(update):
            return drag(update, by: index, at: now)
        case let .swipe(vote):
            return swipe(vote, by: index, at: now)
        case let .undo(undo):
            return self.undo(undo, by: index, at: now)
        case let .host(command):
            return host(command, by: index, at: now)
        case let .propose(option):
            return propose(option, by: index, at: now)
        case let .withdraw(withdrawal):
            return withdraw(withdrawal.proposal, by: index, at: now)
        case .results:
            return [.send(.results(results()), to: member)]
        case let .ping(ping):
            return [.send(.pong(Pong(t: ping.t, serverTime: now)), to: member)]
        }
    }

    // MARK: helpers shared by the Room+ files

    func memberIndex(_ id: MemberID) -> Int? { members.firstIndex { $0.id == id } }

    func fail(_ member: MemberID, _ code: ErrorCode, _ message: String) -> RoomEffect {
        .send(.error(ProtocolError(code, message)), to: member)
    }

    func log(_ event: LogEvent, at now: ServerTime) -> RoomEffect {
        .append(LogRecord(at: now, room: code, event: event))
    }

    /// When an animation decided at `now` starts on every screen (`RoomSettings.animationLead` ahead).
    func animationStart(at now: ServerTime) -> ServerTime { now + settings.animationLead }

    /// Members whose swipes count.
    var voters: [Member] { members.filter { $0.role.canVote } }
}
