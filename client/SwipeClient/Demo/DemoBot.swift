import SwipeCore
import SwipeProtocol

/// A simulated member for `swipe demo`: joins (or creates) the room, starts it once the human
/// is in (when it is the host), and votes on each card after a human-like pause, dragging the
/// card first so the others see its lean. Pure: time comes in through `.tick`.
///
/// ```swift
/// var bot = DemoBot(name: "Maya", seed: 1, likeBias: 0.7, room: "K7QM-X4TD-9R")
/// bot.handle(.tick(now: 0))
/// bot.handle(.connected)     // [.send(.join(…))]
/// ```
public struct DemoBot: Hashable, Sendable {
    /// What happens to a bot.
    ///
    /// ```swift
    /// bot.handle(.server(.phase(PhaseChanged(phase: .voting))))
    /// ```
    public enum Event: Hashable, Sendable {
        case connected
        case server(ServerMessage)
        case tick(now: Double)
    }

    /// What a bot asks its shell to do.
    ///
    /// ```swift
    /// if case .roomCreated(let code) = effect { print(code) }
    /// ```
    public enum Effect: Hashable, Sendable {
        case send(ClientMessage)
        /// The room this bot created has this code (the shell then lets the others join).
        case roomCreated(RoomCode)
    }

    /// A vote the bot is about to make: drag from `dragFrom`, swipe at `swipeAt` (local ms).
    struct Plan: Hashable, Sendable {
        var card: CardID
        var direction: SwipeDirection
        var dragFrom: Double
        var swipeAt: Double
        var lastDragAt: Double?
    }

    public let name: String
    /// Chance of liking a card (0…1).
    public let likeBias: Double
    /// Set for the bot that creates the room.
    public var creates: CreateRoom?
    /// The human whose arrival makes the host bot start the room.
    public var startsWhenJoinedBy: String?
    public private(set) var room: RoomCode?
    public private(set) var me: MemberID?
    var phase: RoomPhase = .lobby
    var top: CardID?
    var voted: Set<CardID> = []
    var plan: Plan?
    var now: Double = 0
    var random: SplitMix64
    var seq = 1

    /// A bot that joins `room`.
    ///
    /// ```swift
    /// let bot = DemoBot(name: "Theo", seed: 7, likeBias: 0.45, room: "K7QM-X4TD-9R")
    /// ```
    public init(name: String, seed: UInt64, likeBias: Double, room: RoomCode? = nil) {
        self.name = name
        self.random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
        self.likeBias = likeBias
        self.room = room
    }

    /// Joins the room created by another bot.
    ///
    /// ```swift
    /// bot.setRoom("K7QM-X4TD-9R")
    /// ```
    public mutating func setRoom(_ code: RoomCode) { room = code }

    /// Applies one event and returns what the shell must do (connect, send, report the room).
    ///
    /// ```swift
    /// let effects = bot.handle(.tick(now: 2_500))   // a drag step or a swipe when due
    /// ```
    @discardableResult
    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .connected:
            if let creates, room == nil { return [.send(.create(creates))] }
            guard let room else { return [] }
            return [.send(.join(JoinRoom(room: room, name: name)))]
        case let .tick(now):
            self.now = now
            return advance()
        case let .server(message):
            return receive(message)
        }
    }

    mutating func receive(_ message: ServerMessage) -> [Effect] {
        switch message {
        case let .welcome(welcome):
            me = welcome.you
            let created = room == nil
            room = welcome.room.code
            phase = welcome.room.phase
            voted = Set(welcome.room.myVotes.keys.map { CardID($0) })
            newTop(welcome.room.visible.first?.id)
            return created ? [.roomCreated(welcome.room.code)] : []
        case let .memberJoined(info):
            if phase == .lobby, creates != nil, info.name == startsWhenJoinedBy {
                return [.send(.host(HostCommand(command: .start)))]
            }
        case let .phase(change):
            phase = change.phase
            if phase == .voting { newTop(top) } else { plan = nil }
        case let .cardResolved(resolved):
            newTop(resolved.visible.first?.id)
        case let .voteAccepted(accepted):
            voted.insert(accepted.card)
        case let .error(error):
            if error.code == .notCurrentCard || error.code == .cardResolved { plan = nil }
        case .memberUpdated, .memberLeft, .memberOnline, .memberOffline, .cardState, .animation, .tally, .match, .results, .pong, .roomClosed,
             .proposalAdded, .proposalRemoved, .winner, .roomLocked, .pictureReceived:
            break
        }
        return []
    }

    mutating func newTop(_ card: CardID?) {
        top = card
        plan = nil
        guard phase == .voting, let card, !voted.contains(card) else { return }
        let pause = 1200 + nextUnit() * 3200
        let roll = nextUnit()
        let direction: SwipeDirection = roll < likeBias ? (roll < likeBias * 0.15 ? .up : .right) : .left
        plan = Plan(card: card, direction: direction, dragFrom: now + pause, swipeAt: now + pause + 500 + nextUnit() * 400)
    }

    mutating func advance() -> [Effect] {
        guard var plan, now >= plan.dragFrom else { return [] }
        if now >= plan.swipeAt {
            self.plan = nil
            voted.insert(plan.card)
            let end = plan.direction.unitVector * 170
            let vote = SwipeVote(card: plan.card, direction: plan.direction, seq: seq)
            seq += 1
            return [.send(.drag(DragUpdate(card: plan.card, phase: .ended, x: end.x, y: end.y, t: now))), .send(.swipe(vote))]
        }
        if let last = plan.lastDragAt, now - last < 80 { return [] }
        let phase: DragPhase = plan.lastDragAt == nil ? .began : .changed
        plan.lastDragAt = now
        self.plan = plan
        let fraction = (now - plan.dragFrom) / max(1, plan.swipeAt - plan.dragFrom)
        let at = plan.direction.unitVector * (170 * fraction)
        return [.send(.drag(DragUpdate(card: plan.card, phase: phase, x: at.x, y: at.y, t: now)))]
    }

    /// Uniform in [0, 1) from the bot's own generator.
    mutating func nextUnit() -> Double { random.nextUnit() }
}
