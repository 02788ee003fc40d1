import SwipeCore
import SwipeProtocol

/// How this client enters a room: join one by code, or create one (and join as host).
///
/// ```swift
/// let join = ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil))
/// let create = ClientOptions(name: "Ann", entry: .create(CreateRoom(name: "Ann", deck: "movies")))
/// ```
public struct ClientOptions: Hashable, Sendable {
    /// The two ways in.
    ///
    /// ```swift
    /// let entry = ClientOptions.Entry.join(room: "K7QM-X4TD-9R", role: .spectator)
    /// ```
    public enum Entry: Hashable, Sendable {
        case join(room: RoomCode, role: Role?)
        case create(CreateRoom)
    }

    public var name: String
    public var entry: Entry
    /// Whether colours may be used (false under NO_COLOR or on monochrome terminals).
    public var colour: Bool
    /// The server's address, for the lobby's `swipe join …` line (nil: not shown).
    public var server: WebSocketURL?
    /// Who puts right-to-left text in display order (`--bidi client|terminal`).
    public var bidi: BidiMode
    /// How card pictures are drawn (`--pictures`; resolved from `auto` by the shell). Off unless set.
    public var pictures: PictureMode = .off
    /// The colours picture cells use (truecolor, 256, none under NO_COLOR).
    public var pictureColours: PictureColours = .palette256
    /// A `join` that this machine made before under the same name (`KeptMembers`): its token,
    /// so the first `join` resumes that member, votes and all, instead of adding a new one.
    public var resumeToken: String?
    /// Set by the SSH gateway only (`ClientRestriction`): no host files, no job control.
    public var restriction: ClientRestriction?
    /// The pictures the create's own deck names, read and checked: uploaded before the `create`.
    public var deckPictures: [DeckPicture] = []

    /// Creates options.
    ///
    /// ```swift
    /// let options = ClientOptions(name: "Bo", entry: .join(room: "K7QM", role: nil), colour: false)
    /// ```
    public init(name: String, entry: Entry, colour: Bool = true, server: WebSocketURL? = nil, bidi: BidiMode = .client) {
        self.name = name
        self.entry = entry
        self.colour = colour
        self.server = server
        self.bidi = bidi
    }
}

/// The link to the server, as the screen shows it.
///
/// ```swift
/// ConnectionStatus.reconnecting(attempt: 2, retryAt: 5_000).label   // "reconnecting…"
/// ```
public enum ConnectionStatus: Hashable, Sendable {
    /// Dialling (first connection or a retry that is now under way).
    case connecting(attempt: Int)
    /// Connected and welcomed into the room.
    case online
    /// Connected, waiting for `welcome`.
    case joining(attempt: Int)
    /// Lost; the next attempt starts at local time `retryAt` (ms).
    case reconnecting(attempt: Int, retryAt: Double)
    /// Over for good (room closed, kicked, or the user quit).
    case closed(reason: String)

    /// Short text for the header.
    ///
    /// ```swift
    /// ConnectionStatus.online.label   // "online"
    /// ```
    public var label: String {
        switch self {
        case .connecting: return "connecting…"
        case .joining: return "joining…"
        case .online: return "online"
        case .reconnecting: return "reconnecting…"
        case let .closed(reason): return "closed: \(reason)"
        }
    }

    /// Whether messages can be sent now.
    ///
    /// ```swift
    /// ConnectionStatus.joining(attempt: 1).isOnline   // false
    /// ```
    public var isOnline: Bool {
        switch self {
        case .online: return true
        case .connecting, .joining, .reconnecting, .closed: return false
        }
    }

    /// The backoff before attempt `n` (ms): 250, 500, 1000, 2000, 4000, then 5000.
    ///
    /// ```swift
    /// ConnectionStatus.backoff(attempt: 3)   // 1000
    /// ```
    public static func backoff(attempt: Int) -> Double {
        let steps = [250.0, 500, 1000, 2000, 4000]
        return attempt - 1 < steps.count ? steps[max(0, attempt - 1)] : 5000
    }

    /// The backoff before attempt `n` (ms), no longer than the `retryAfter` (seconds) the server
    /// gave with its last refusal: a server that is up but waiting for its store is tried again
    /// when it says, while one that does not answer at all is left alone longer and longer.
    ///
    /// ```swift
    /// ConnectionStatus.backoff(attempt: 6, serverRetryAfter: 1)     // 1000
    /// ConnectionStatus.backoff(attempt: 2, serverRetryAfter: 1)     // 500
    /// ConnectionStatus.backoff(attempt: 6, serverRetryAfter: nil)   // 5000
    /// ```
    public static func backoff(attempt: Int, serverRetryAfter: Double?) -> Double {
        let steps = backoff(attempt: attempt)
        guard let serverRetryAfter, serverRetryAfter > 0 else { return steps }
        return min(steps, serverRetryAfter * 1000)
    }
}
