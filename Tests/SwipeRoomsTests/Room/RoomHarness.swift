import SwipeCore
import SwipeProtocol
@testable import SwipeRooms

/// Drives a registry the way the transport does and records what each member would receive.
struct RoomHarness {
    var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 42))
    var code: RoomCode = "AAAA-AAAA-AA"
    var now: ServerTime = 0
    /// Everything each member received, in order.
    var inbox: [MemberID: [ServerMessage]] = [:]
    var replies: [ConnectionID: [ServerMessage]] = [:]
    var lastReply: ServerMessage?
    var binds: [ConnectionID: MemberID] = [:]
    var log: [LogEvent] = []
    var closed: [(MemberID, CloseCode)] = []
    var effects: [RoomEffect] = []
    var nextConnection = 1

    init(_ create: CreateRoom, limits: RegistryLimits = RegistryLimits()) {
        registry = RoomRegistry(library: .bundled(), limits: limits, random: SeededRandom(seed: 42))
        let result = registry.create(create, from: ConnectionID(0), at: now)
        if let room = result.room { code = room }
        apply(result.effects)
    }

    var room: Room? { registry.room(code) }
    var members: [MemberID] { room.map { $0.members.map(\.id) } ?? [] }

    mutating func apply(_ effects: [RoomEffect]) {
        self.effects = effects
        for effect in effects {
            switch effect {
            case let .bind(connection, member): binds[connection] = member
            case let .reply(message, to: connection):
                replies[connection, default: []].append(message)
                lastReply = message
            case let .send(message, to: member): inbox[member, default: []] += message.asSent(toProtocol: 1)
            case let .broadcast(message, except: skipped), let .broadcastToProtocol1(message, except: skipped):   // as a protocol-1 client
                for member in members where member != skipped && (room?.members.first { $0.id == member }?.online ?? false) {
                    inbox[member, default: []] += message.asSent(toProtocol: 1)
                }
                if case .roomClosed = message, room == nil {
                    for member in inbox.keys where member != skipped { inbox[member, default: []].append(message) }
                }
            case let .close(member, code, _): closed.append((member, code))
            case .scheduleTimer, .cancelTimer: break
            case let .append(record): log.append(record.event)
            }
        }
    }

    /// Joins a new member; returns their id (nil when refused).
    @discardableResult
    mutating func join(_ name: String, role: Role? = nil, token: String? = nil) -> MemberID? {
        let connection = ConnectionID(nextConnection)
        nextConnection += 1
        let result = registry.join(JoinRoom(room: code, name: name, role: role, token: token), from: connection, at: now)
        apply(result.effects)
        return binds[connection]
    }

    mutating func send(_ member: MemberID, _ message: ClientMessage) {
        apply(registry.handle(.messageReceived(member, message), in: code, at: now))
    }

    mutating func swipe(_ member: MemberID, _ card: CardID, _ direction: SwipeDirection) {
        send(member, .swipe(SwipeVote(card: card, direction: direction)))
    }

    /// `member`'s connection closed: they left on purpose (`grace` 0) or it dropped (`grace` ms to come back).
    mutating func disconnect(_ member: MemberID, grace: ServerTime = 0) {
        apply(registry.handle(.memberDisconnected(member, grace: grace), in: code, at: now))
    }

    mutating func fireTimer(at time: ServerTime) {
        now = time
        apply(registry.handle(.timerFired, in: code, at: now))
    }

    /// Messages `member` received of one type, and clears nothing.
    func received(_ member: MemberID, _ type: String) -> [ServerMessage] {
        (inbox[member] ?? []).filter { $0.type == type }
    }

    func lastError(_ member: MemberID) -> ProtocolError? {
        for message in (inbox[member] ?? []).reversed() {
            if case let .error(error) = message { return error }
        }
        return nil
    }

    func welcome(_ member: MemberID) -> Welcome? {
        for message in (inbox[member] ?? []).reversed() {
            if case let .welcome(welcome) = message { return welcome }
        }
        return nil
    }

    var host: MemberID { "m1" }
}
