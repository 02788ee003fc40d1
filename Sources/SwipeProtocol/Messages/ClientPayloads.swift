import SwipeCore

/// `create`: make a room and join it as host. Give a bundled or library deck by `deck` name, or
/// inline `cards` (then `deck` is the name shown).
///
/// ```json
/// {"type":"create","name":"Ann","deck":"movies","rule":{"kind":"majority"},"pacing":"lockstep","timerSeconds":30}
/// ```
public struct CreateRoom: Hashable, Sendable, Codable {
    public var name: String
    public var deck: String?
    public var cards: [Card]?
    public var rule: VoteRule?
    public var pacing: Pacing?
    public var timerSeconds: Double?
    public var quorum: Int?
    /// How every screen stacks the cards (default `stack`).
    public var layout: RoomLayout?
    /// Protocol 5: when the room closes and decides, an ISO 8601 UTC time (`"2026-11-29T12:00:00Z"`).
    /// A room with one is free-paced and its votes are sealed until then (docs/PROTOCOL.md).
    public var closesAt: String?
    /// A webhook URL told when the room opens and when it is decided (its host must be in the
    /// server's `--notify-allow`, or the create is refused with `notAllowed`).
    public var notify: String?
    /// Set by the server, never read from the client: the creator's key tag from its trusted gateway.
    public var keyTag: String?

    public init(name: String, deck: String? = nil, cards: [Card]? = nil, rule: VoteRule? = nil, pacing: Pacing? = nil,
                timerSeconds: Double? = nil, quorum: Int? = nil, layout: RoomLayout? = nil, closesAt: String? = nil) {
        self.name = name
        self.deck = deck
        self.cards = cards
        self.rule = rule
        self.pacing = pacing
        self.timerSeconds = timerSeconds
        self.quorum = quorum
        self.layout = layout
        self.closesAt = closesAt
    }
}

/// `join`: enter a room by code. With `token` (from an earlier `welcome`) the member gets their
/// identity and votes back; `name` is then optional and ignored.
///
/// ```json
/// {"type":"join","room":"K7QM-X4TD-9R","name":"Bo","role":"member"}
/// {"type":"join","room":"K7QM-X4TD-9R","token":"0d125e05b916193e20c1a5930a598edb"}
/// ```
public struct JoinRoom: Hashable, Sendable, Codable {
    public var room: RoomCode
    public var name: String
    public var role: Role?
    public var token: String?
    /// Set by the server, never read from the client: the member's key tag from its trusted gateway.
    public var keyTag: String?

    public init(room: RoomCode, name: String = "", role: Role? = nil, token: String? = nil) {
        self.room = room
        self.name = name
        self.role = role
        self.token = token
    }

    private enum CodingKeys: String, CodingKey { case room, name, role, token }

    /// `name` is required unless `token` is there (a resume keeps the name it had).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        room = try container.decode(RoomCode.self, forKey: .room)
        role = try container.decodeIfPresent(Role.self, forKey: .role)
        token = try container.decodeIfPresent(String.self, forKey: .token)
        if token == nil {
            name = try container.decode(String.self, forKey: .name)
        } else {
            name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        }
    }
}

/// The phase of a drag gesture (UIKit's pan states).
///
/// ```swift
/// DragPhase.changed.rawValue   // "changed"
/// ```
public enum DragPhase: String, CaseIterable, Hashable, Sendable, Codable {
    case began, changed, ended, cancelled
}

/// `drag`: the member moves the top card; translation in layout points, client time in ms.
///
/// ```json
/// {"type":"drag","card":"dune","phase":"changed","x":84.5,"y":-12,"t":10452.1}
/// ```
public struct DragUpdate: Hashable, Sendable, Codable {
    public var card: CardID
    public var phase: DragPhase
    public var x: Double
    public var y: Double
    public var t: Double

    public init(card: CardID, phase: DragPhase, x: Double, y: Double, t: Double) {
        self.card = card
        self.phase = phase
        self.x = x
        self.y = y
        self.t = t
    }

    /// The translation as a point.
    public var translation: Point { Point(x: x, y: y) }
}

/// `swipe`: a vote. `seq` is the client's own increasing number: a resend after a reconnect with
/// the same `seq` is applied once.
///
/// ```json
/// {"type":"swipe","card":"dune","direction":"right","seq":4}
/// ```
public struct SwipeVote: Hashable, Sendable, Codable {
    public var card: CardID
    public var direction: SwipeDirection
    public var seq: Int?

    public init(card: CardID, direction: SwipeDirection, seq: Int? = nil) {
        self.card = card
        self.direction = direction
        self.seq = seq
    }
}

/// `undo`: take back the member's own last vote (or the vote on `card`) while it is unresolved.
///
/// ```json
/// {"type":"undo","seq":5}
/// ```
public struct UndoVote: Hashable, Sendable, Codable {
    public var card: CardID?
    public var seq: Int?

    public init(card: CardID? = nil, seq: Int? = nil) {
        self.card = card
        self.seq = seq
    }
}

/// The host's commands.
///
/// ```swift
/// HostAction.kick.rawValue   // "kick"
/// ```
public enum HostAction: String, CaseIterable, Hashable, Sendable, Codable {
    /// Start voting (leave the lobby).
    case start
    /// Resolve the current lockstep card as skipped.
    case skip
    /// Finish now and send everyone the results.
    case reveal
    /// Remove `member` from the room.
    case kick
    /// Close the room for everyone.
    case close
    /// Send the host the results now, with the CSV export in `results.csv`.
    case export
    /// Protocol 4: once the deck is done with no winner, swipe again over the cards still in the
    /// running (several matches; or, with none, those level at the top, or the top three when
    /// one leads alone) until one wins.
    case finalRound
    /// Protocol 4: once the deck is done with no winner, take the card that leads the deck's
    /// ranking alone as the group's choice (`decidedBy` `accepted`).
    case accept
    /// Protocol 4: no new members from now on (resumes with a token still work), until `unlock`.
    case lock
    /// Protocol 4: new members may join again.
    case unlock
}

/// `host`: a host command.
///
/// ```json
/// {"type":"host","command":"kick","member":"m3"}
/// ```
public struct HostCommand: Hashable, Sendable, Codable {
    public var command: HostAction
    public var member: MemberID?

    public init(command: HostAction, member: MemberID? = nil) {
        self.command = command
        self.member = member
    }
}

/// `ping`: keepalive and clock sync; answered by `pong` with the same `t` and the server time.
///
/// ```json
/// {"type":"ping","t":10452.1}
/// ```
public struct Ping: Hashable, Sendable, Codable {
    public var t: Double
    public init(t: Double) { self.t = t }
}
