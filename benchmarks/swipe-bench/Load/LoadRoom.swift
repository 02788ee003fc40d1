import SwipeCore
import SwipeProtocol

/// One benchmark room as a value-type state machine: members join, the host starts voting, then one
/// vote is in flight at a time (voters in turn, the dragger last) while the dragger drags at 30 Hz.
/// It never reads a clock: `now` (nanoseconds) comes with every event.
///
/// ```swift
/// var room = LoadRoom(index: 0, members: 3, cards: LoadRoom.inlineDeck(count: 10), voteInterval: 100_000_000)
/// room.handle(.connected(slot: 0), at: 0)   // [.send(slot: 0, .create(…))]
/// ```
struct LoadRoom {
    /// What the room asks its shell to do.
    enum Effect: Equatable {
        case send(slot: Int, ClientMessage)
        case voteLatency(nanoseconds: UInt64)
        case dragLatency(nanoseconds: UInt64)
        case problem(String)
    }

    /// What the shell tells the room.
    enum Event: Equatable {
        case connected(slot: Int)
        case welcome(slot: Int, room: RoomCode)
        case votingStarted(slot: Int)
        case tally(slot: Int, card: String, voted: Int)
        case cardState(slot: Int, x: Double)
        case serverError(slot: Int, code: String, aboutVote: Bool)
        case tick
    }

    enum Phase: Equatable { case joining, starting, voting }

    struct PendingVote: Equatable {
        var card: String
        var voted: Int
        var sentAt: UInt64
        var waitingFor: Set<Int>
    }

    static let dragInterval: UInt64 = 1_000_000_000 / 30
    static let voteTimeout: UInt64 = 5_000_000_000
    static let dragSlots = 1000

    let index: Int
    let memberCount: Int
    let cards: [Card]
    let voteInterval: UInt64
    /// Idle rooms only join: nobody starts voting.
    let idle: Bool
    private(set) var phase = Phase.joining
    private(set) var code: RoomCode?
    private var connected: Set<Int> = []
    private var welcomed: Set<Int> = []
    private(set) var cardIndex = 0
    private var votesOnCard = 0
    private(set) var pendingVote: PendingVote?
    private var nextVoteAt: UInt64 = 0
    private var nextDragAt: UInt64 = 0
    private var dragSeq = 0
    private var draggedCard = -1
    private var dragSentAt: [Int: UInt64] = [:]
    private(set) var votesCompleted = 0

    init(index: Int, members: Int, cards: [Card], voteInterval: UInt64, idle: Bool = false) {
        self.idle = idle
        self.index = index
        memberCount = members
        self.cards = cards
        self.voteInterval = voteInterval
    }

    /// `count` small inline cards named c0, c1, ….
    static func inlineDeck(count: Int) -> [Card] {
        (0..<count).map { Card(id: CardID("c\($0)"), title: "Card \($0)") }
    }

    var currentCard: CardID { cards[cardIndex % cards.count].id }
    var isVoting: Bool { phase == .voting }
    /// Every member has its welcome.
    var isFullyJoined: Bool { welcomed.count == memberCount }

    /// The member who votes `n`-th on a card: slots 1…n-1 first, the dragger (slot 0) last.
    func voter(forVoteNumber n: Int) -> Int { n + 1 < memberCount ? n + 1 : 0 }

    mutating func handle(_ event: Event, at now: UInt64) -> [Effect] {
        switch event {
        case .connected(let slot):
            connected.insert(slot)
            if slot == 0 {
                return [.send(slot: 0, .create(CreateRoom(name: "bench\(index)-0", cards: cards, rule: .majority,
                                                          pacing: .lockstep)))]
            }
            if let code { return [join(slot, code)] }
            return []

        case let .welcome(slot, room):
            welcomed.insert(slot)
            var effects: [Effect] = []
            if slot == 0 {
                code = room
                effects = connected.filter { $0 != 0 }.sorted().map { join($0, room) }
            }
            if welcomed.count == memberCount, phase == .joining, !idle {
                phase = .starting
                effects.append(.send(slot: 0, .host(HostCommand(command: .start))))
            }
            return effects

        case .votingStarted(let slot):
            guard slot == 0, phase != .voting else { return [] }
            phase = .voting
            // Rooms are independent groups: spread their 30 Hz drags and first votes over the
            // interval instead of having every room drag in the same millisecond.
            nextVoteAt = now + phaseOffset(within: voteInterval)
            nextDragAt = now + phaseOffset(within: Self.dragInterval)
            return tick(at: now)

        case let .tally(slot, card, voted):
            guard var pending = pendingVote, pending.card == card, pending.voted == voted else { return [] }
            pending.waitingFor.remove(slot)
            pendingVote = pending
            guard pending.waitingFor.isEmpty else { return [] }
            pendingVote = nil
            votesCompleted += 1
            advance(at: now)
            return [.voteLatency(nanoseconds: Self.elapsed(from: pending.sentAt, to: now))]

        case let .cardState(_, x):
            let key = Int((x * 10).rounded())
            guard let sentAt = dragSentAt[key] else { return [] }
            return [.dragLatency(nanoseconds: Self.elapsed(from: sentAt, to: now))]

        case let .serverError(slot, errorCode, aboutVote):
            var effects: [Effect] = [.problem("server error \(errorCode)")]
            if aboutVote, let pending = pendingVote, slot == voter(forVoteNumber: pending.voted - 1) {
                // The vote was refused: move on to a fresh card so the room cannot stall.
                pendingVote = nil
                skipCard(at: now)
                effects.append(.problem("vote refused"))
            }
            return effects

        case .tick:
            return tick(at: now)
        }
    }

    /// Nanoseconds from `start` to `end`, 0 if `end` is earlier (never a wrapped-around huge value).
    static func elapsed(from start: UInt64, to end: UInt64) -> UInt64 { end >= start ? end - start : 0 }

    /// This room's fixed offset into a period (a golden-ratio sequence over room indices, so any
    /// number of rooms spreads evenly).
    func phaseOffset(within period: UInt64) -> UInt64 {
        let fraction = (Double(index) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
        return UInt64(fraction * Double(period))
    }

    private func join(_ slot: Int, _ room: RoomCode) -> Effect {
        .send(slot: slot, .join(JoinRoom(room: room, name: "bench\(index)-\(slot)")))
    }

    private mutating func advance(at now: UInt64) {
        votesOnCard += 1
        if votesOnCard >= memberCount { skipCard(at: now) }
    }

    private mutating func skipCard(at now: UInt64) {
        cardIndex += 1
        votesOnCard = 0
        nextVoteAt = max(nextVoteAt, now)
    }

    private mutating func tick(at now: UInt64) -> [Effect] {
        guard phase == .voting else { return [] }
        var effects: [Effect] = []
        if let pending = pendingVote, Self.elapsed(from: pending.sentAt, to: now) > Self.voteTimeout {
            pendingVote = nil
            skipCard(at: now)
            effects.append(.problem("vote timed out"))
        }
        if pendingVote == nil, now >= nextVoteAt, cardIndex < cards.count {
            let slot = voter(forVoteNumber: votesOnCard)
            let card = currentCard
            var waiting = Set(0..<memberCount)
            if memberCount == 0 { waiting = [] }
            pendingVote = PendingVote(card: card.rawValue, voted: votesOnCard + 1, sentAt: now, waitingFor: waiting)
            nextVoteAt = now + voteInterval
            effects.append(.send(slot: slot, .swipe(SwipeVote(card: card, direction: slot % 2 == 0 ? .right : .left))))
        }
        if memberCount > 1, now >= nextDragAt, cardIndex < cards.count {
            nextDragAt = max(nextDragAt + Self.dragInterval, now > Self.dragInterval ? now - Self.dragInterval : 0)
            // Once the dragger's own (last) vote on a card is sent, that card is as good as
            // resolved: the server handles the vote first, so drag the next card.
            let target = pendingVote != nil && votesOnCard + 1 >= memberCount ? cardIndex + 1 : cardIndex
            guard target < cards.count else { return effects }
            let phase: DragPhase = draggedCard == target ? .changed : .began
            draggedCard = target
            dragSeq += 1
            let key = dragSeq % Self.dragSlots
            dragSentAt[key] = now
            let x = Double(key) / 10
            effects.append(.send(slot: 0, .drag(DragUpdate(card: cards[target].id, phase: phase, x: x, y: 0, t: Double(now / 1_000_000)))))
        }
        return effects
    }
}
