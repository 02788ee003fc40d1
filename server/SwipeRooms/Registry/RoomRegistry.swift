import SwipeCore
import SwipeProtocol

/// Limits the registry enforces.
///
/// ```swift
/// let limits = RegistryLimits(maxRooms: 100)
/// ```
public struct RegistryLimits: Hashable, Sendable {
    public var maxRooms: Int
    public var maxMembersPerRoom: Int
    public var maxInlineCards: Int
    public var maxTimerSeconds: Double
    /// Every room's `RoomSettings.animationLead` (ms).
    public var animationLead: ServerTime = RoomSettings.defaultAnimationLead
    /// Most inline cards in a `create` (and cards in a deck with its proposals) by default.
    public static let defaultMaxInlineCards = 500
    /// How many options may be proposed in a room's lobby (`Room.proposalCaps`).
    public var proposalCaps = ProposalCaps()
    /// The wall clock (ms since 1970) at server time 0: every room's `Room.wallClockAtZero`.
    public var wallClockAtZero: ServerTime = 0
    /// How far ahead a `create`'s `closesAt` may be (ms; `--max-room-open`, 14 days by default).
    public var maxRoomOpen: ServerTime = RegistryLimits.defaultMaxRoomOpen
    /// 14 days.
    public static let defaultMaxRoomOpen: ServerTime = 14 * 86_400_000
    /// 7 days: how long a decided room with a closing time is kept for its results (`--keep-decided`).
    public static let defaultKeepDecided: ServerTime = 7 * 86_400_000

    /// `proposalCaps` with the deck's limit this registry's for inline decks.
    var roomProposalCaps: ProposalCaps {
        var caps = proposalCaps
        caps.maxDeck = maxInlineCards
        return caps
    }

    public init(maxRooms: Int = 1000, maxMembersPerRoom: Int = 64, maxInlineCards: Int = RegistryLimits.defaultMaxInlineCards, maxTimerSeconds: Double = 3600) {
        self.maxRooms = maxRooms
        self.maxMembersPerRoom = maxMembersPerRoom
        self.maxInlineCards = maxInlineCards
        self.maxTimerSeconds = maxTimerSeconds
    }
}

/// All rooms by code: creates rooms (fresh codes from the random source), routes joins and
/// messages, and enforces limits. A value type like `Room`.
///
/// ```swift
/// var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
/// let created = registry.create(CreateRoom(name: "Ann", deck: "movies"), from: ConnectionID(1), at: 0)
/// let code = created.room!   // then: registry.handle(.messageReceived("m1", …), in: code, at: 10)
/// ```
public struct RoomRegistry: Sendable {
    public var library: DeckLibrary
    public var limits: RegistryLimits
    public package(set) var rooms: [RoomCode: Room] = [:]
    private var random: any RandomSource

    public init(library: DeckLibrary, limits: RegistryLimits = RegistryLimits(), random: any RandomSource = SystemRandom()) {
        self.library = library
        self.limits = limits
        self.random = random
    }

    /// The room with this code (any spelling `RoomCodes.canonical` accepts).
    ///
    /// ```swift
    /// registry.room("k7qm x4td 9r")?.phase   // .voting
    /// ```
    public func room(_ code: RoomCode) -> Room? {
        RoomCodes.canonical(code.rawValue).flatMap { rooms[$0] }
    }

    /// Creates a room and joins `connection` to it as host. On refusal `room` is nil and the
    /// effects hold one `.reply` error. `uploaded`: the tags of the pictures `connection` uploaded
    /// (see `resolve`).
    ///
    /// ```swift
    /// let (code, effects) = registry.create(CreateRoom(name: "Ann", deck: "movies"), from: ConnectionID(1), at: now)
    /// ```
    public mutating func create(_ request: CreateRoom, from connection: ConnectionID, uploaded: Set<String> = [], at now: ServerTime)
        -> (room: RoomCode?, effects: [RoomEffect]) {
        switch resolve(request, uploaded: uploaded, at: now) {
        case let .failure(error):
            return (nil, [.reply(.error(error), to: connection)])
        case var .success(created):
            created.code = freshCode()
            return install(created, host: connection, token: freshToken(), at: now)
        }
    }

    /// Checks a `create` and resolves its deck and settings (the code is left empty); the error is
    /// what the client is told. An inline card keeps its `picture` only when its tag is one of
    /// `uploaded` (the pictures its connection uploaded and the server checked and tagged); a
    /// picture naming another tag is refused (`badDeck`), one with no tag is dropped.
    ///
    /// ```swift
    /// let created = try registry.resolve(CreateRoom(name: "Ann", deck: "movies"), at: now).get()
    /// created.cards.count   // the deck's cards
    /// ```
    public func resolve(_ request: CreateRoom, uploaded: Set<String> = [], at now: ServerTime) -> Result<CreatedRoom, ProtocolError> {
        func refuse(_ code: ErrorCode, _ message: String) -> Result<CreatedRoom, ProtocolError> {
            .failure(ProtocolError(code, message))
        }
        if rooms.count >= limits.maxRooms { return refuse(.tooManyRooms, "create: the server already hosts \(limits.maxRooms) rooms") }
        let deckName: String
        let cards: [Card]
        if let inline = request.cards {
            if let problem = Self.problem(inline, limit: limits.maxInlineCards) { return refuse(.badDeck, "create: \(problem)") }
            switch Self.uploadedPictures(of: inline.map(CoreBridge.cleaned), uploaded: uploaded) {
            case let .success(kept): cards = kept
            case let .failure(error): return .failure(error)
            }
            deckName = CoreBridge.limited(CoreBridge.clean(request.deck ?? "custom"), maxCharacters: 64)
        } else if let name = request.deck {
            guard let entry = library.deck(named: name) else {
                return refuse(.unknownDeck, "create: no deck \"\(name)\" (available: \(library.names.joined(separator: ", ")))")
            }
            cards = entry.cards
            deckName = entry.name
        } else if request.pacing ?? .lockstep == .lockstep, request.closesAt == nil {
            // No deck: the group proposes every option in the lobby.
            cards = []
            deckName = "options"
        } else {
            return refuse(.missingField, "create: give a deck name in \"deck\" or inline \"cards\" (only a lockstep room may start without one: its options are proposed in the lobby)")
        }
        if let seconds = request.timerSeconds, !(seconds > 0 && seconds <= limits.maxTimerSeconds) {
            return refuse(.badField, "create: field \"timerSeconds\" must be between 0 and \(Int(limits.maxTimerSeconds)) seconds")
        }
        if let quorum = request.quorum, quorum < 1 { return refuse(.badField, "create: field \"quorum\" must be at least 1") }
        let closesAt: Double?
        switch closingTime(of: request, at: now) {
        case let .success(time): closesAt = time
        case let .failure(error): return .failure(error)
        }
        let settings = RoomSettings(rule: request.rule ?? .majority, pacing: request.pacing ?? (closesAt == nil ? .lockstep : .free),
                                    timerSeconds: request.timerSeconds, quorum: request.quorum,
                                    maxMembers: limits.maxMembersPerRoom, animationLead: limits.animationLead,
                                    layout: request.layout ?? .stack, closesAt: closesAt)
        var created = CreatedRoom(code: RoomCode(""), deckName: deckName, cards: cards, settings: settings, hostName: request.name)
        created.notify = request.notify
        created.hostTag = request.keyTag
        return .success(created)
    }

    /// Builds a resolved room and joins `connection` to it as host (what `create` does once the room
    /// is resolved and has a code; a cluster node does it for every `created` entry of the stream).
    ///
    /// ```swift
    /// let (code, effects) = registry.install(created, host: ConnectionID(1), token: "t1", at: now)
    /// ```
    public mutating func install(_ created: CreatedRoom, host connection: ConnectionID, token: String, at now: ServerTime)
        -> (room: RoomCode?, effects: [RoomEffect]) {
        let code = created.code
        var room = Room(code: code, deckName: created.deckName, cards: created.cards, settings: created.settings, at: now)
        room.proposalCaps = limits.roomProposalCaps
        room.wallClockAtZero = limits.wallClockAtZero
        var effects = [room.creationRecord(at: now)]
        effects += room.connectHost(connection, name: created.hostName, token: token, tag: created.hostTag, at: now)
        if let wake = room.nextWakeup { effects.append(.scheduleTimer(at: max(now, wake))) }   // the closing time
        if effects.contains(where: { if case .bind = $0 { return true } else { return false } }) {
            rooms[code] = room
            return (code, effects)
        }
        return (nil, effects.filter { if case .reply = $0 { return true } else { return false } })
    }

    /// A room code no room here has (drawn from the registry's random source).
    ///
    /// ```swift
    /// let code = registry.freshCode()   // e.g. "K7QM-X4TD-9R"
    /// ```
    public mutating func freshCode() -> RoomCode {
        var code = RoomCodes.make(&random)
        while rooms[code] != nil { code = RoomCodes.make(&random) }
        return code
    }

    /// A fresh 128-bit resume token.
    ///
    /// ```swift
    /// let token = registry.freshToken()   // 32 hex digits
    /// ```
    public mutating func freshToken() -> String { RoomCodes.token(&random) }

    /// Routes a `join` to its room. `room` is the canonical code when the room exists.
    ///
    /// ```swift
    /// let (code, effects) = registry.join(JoinRoom(room: "K7QM-X4TD-9R", name: "Bo"), from: ConnectionID(2), at: now)
    /// ```
    public mutating func join(_ request: JoinRoom, from connection: ConnectionID, at now: ServerTime)
        -> (room: RoomCode?, effects: [RoomEffect]) {
        guard let code = RoomCodes.canonical(request.room.rawValue), rooms[code] != nil else {
            return (nil, [.reply(.error(Self.noRoom(request)), to: connection)])
        }
        return (code, handle(.memberConnected(connection, request, token: freshToken()), in: code, at: now))
    }

    /// The refusal of a join naming a room that does not exist.
    ///
    /// ```swift
    /// RoomRegistry.noRoom(JoinRoom(room: "K7QM-X4TD-9R", name: "Bo")).code   // .unknownRoom
    /// ```
    public static func noRoom(_ request: JoinRoom) -> ProtocolError {
        ProtocolError(.unknownRoom, "join: no room \"\(request.room)\"")
    }

    /// Hands an event to a room; a room closed by it is removed afterwards.
    ///
    /// ```swift
    /// let effects = registry.handle(.messageReceived("m2", .ping(Ping(t: 1))), in: code, at: now)
    /// ```
    public mutating func handle(_ event: RoomEvent, in code: RoomCode, at now: ServerTime) -> [RoomEffect] {
        // In place: a copy taken out of the dictionary would share every buffer of the room with the
        // copy left in it, and the first write to each (members, votes, history) would copy it whole.
        guard let index = rooms.index(forKey: code) else { return [] }
        let effects = rooms.values[index].handle(event, at: now)
        if rooms.values[index].phase == .closed { rooms.remove(at: index) }
        return effects
    }

    /// Removes one room (evicted by its owner's policy; tools replaying a history use it too).
    ///
    /// ```swift
    /// registry.remove("K7QM-X4TD-9R")
    /// ```
    public mutating func remove(_ code: RoomCode) { rooms[code] = nil }

    /// Removes rooms nobody has been connected to for `idle` ms, and rooms nobody but their creator
    /// ever joined after `unjoinedIdle` ms (when given and shorter); returns their codes. A room
    /// with a closing time is never abandoned before it: it goes once nobody is connected and
    /// `keepDecided` ms have passed since its closing time (the one rule: `RoomLifetime.forgetAt`).
    ///
    /// ```swift
    /// let gone = registry.evictAbandoned(idle: 30 * 60_000, unjoinedIdle: 2 * 60_000, at: now)
    /// ```
    public mutating func evictAbandoned(idle: ServerTime, unjoinedIdle: ServerTime? = nil,
                                        keepDecided: ServerTime = RegistryLimits.defaultKeepDecided, at now: ServerTime) -> [RoomCode] {
        let lifetime = RoomLifetime(abandoned: idle, unjoined: unjoinedIdle, keepDecided: keepDecided)
        let abandoned = rooms.filter { _, room in
            // A room with a closing time is kept until its close whoever is in it; none is evicted
            // while someone is connected.
            guard !room.isSealed, room.isDeserted else { return false }
            return now >= lifetime.forgetAt(closesAt: room.closeDeadline, lastLeft: room.lastActivity, onlyItsCreator: room.onlyItsCreatorJoined)
        }.map(\.key)
        for code in abandoned { rooms[code] = nil }
        return abandoned
    }

    /// Among `codes`, the rooms nobody but their creator ever joined and nobody is in or expected
    /// back to (a dropped creator is, for the drop grace), the longest-left first: rooms the
    /// unjoined-room timeout would evict anyway, which the creator's address may give up early to
    /// make room for a new one.
    ///
    /// ```swift
    /// registry.leftUnjoined(among: ledger.codes(createdBy: address)).first   // the one to evict
    /// ```
    public func leftUnjoined(among codes: [RoomCode]) -> [RoomCode] {
        codes.compactMap { code in rooms[code].map { (code, $0) } }
            .filter { _, room in
                room.settings.closesAt == nil && room.onlyItsCreatorJoined && room.isDeserted && !room.members.contains(where: \.awaitingReturn)
            }
            .sorted { ($0.1.lastActivity, $0.0.rawValue) < ($1.1.lastActivity, $1.0.rawValue) }
            .map(\.0)
    }

    private static func problem(_ cards: [Card], limit: Int) -> String? {
        if cards.isEmpty { return "field \"cards\" is empty" }
        if cards.count > limit { return "field \"cards\" has \(cards.count) cards (at most \(limit))" }
        var seen = Set<CardID>()
        for (index, card) in cards.enumerated() {
            if card.id.rawValue.isEmpty { return "cards[\(index)]: field \"id\" is empty" }
            if CoreBridge.clean(card.title).isEmpty { return "cards[\(index)]: field \"title\" is empty" }
            if !seen.insert(card.id).inserted { return "cards[\(index)]: id \"\(card.id)\" is used twice" }
        }
        return nil
    }
}
