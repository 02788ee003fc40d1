/// Why the client ends, with the documented exit status and the line left on stderr.
///
/// | status | case |
/// |---|---|
/// | 0 | `quit`: the user pressed `q`; `closedByYou`: the host closed the room |
/// | 2 | `refused`: the server refused the join or create before a session existed (its whole message); `connectionRefused`: it turned the WebSocket upgrade away (its message and HTTP status) |
/// | 3 | `unreachable`: no session could be opened (connection refused, name not resolved, TLS) |
/// | 4 | `kicked`: the host removed this member |
/// | 5 | `roomClosed`: the host closed the room |
/// | 6 | `terminal`: the terminal cannot run the client (not a tty, `TERM=dumb`) |
/// | 7 | `nameTaken`: a member of the room already has this name (`swipe join` and the SSH gateway then ask for another) |
/// | 64 | `badPicture`: the server refused a picture of the host's own deck (the deck file, the card, the picture and the server's reason); no room was created |
/// | 128 + n | `signal`: SIGINT (130), SIGTERM (143), SIGHUP (129) |
///
/// ```swift
/// ClientExit.refused("join: no room \"ZZZZ\"").status    // 2
/// ClientExit.refused("join: no room \"ZZZZ\"").message   // "swipe: the server refused: join: no room \"ZZZZ\""
/// ClientExit.connectionRefused("your address holds 256 connections already (429)").message
/// // "swipe: the server refused the connection: your address holds 256 connections already (429)"
/// ClientExit.quit.message                                 // nil
/// ```
public enum ClientExit: Hashable, Sendable {
    case quit
    case closedByYou(room: String)
    case refused(String)
    case connectionRefused(String)
    case unreachable(String)
    case kicked(room: String)
    case roomClosed(room: String, reason: String)
    case terminal(String)
    case badPicture(String)
    case nameTaken(String)
    /// The server refused what a flag asked for (`--until`'s closing time): status 64, naming the flag.
    case badFlag(String)
    case signal(Int32)

    /// The process exit status.
    ///
    /// ```swift
    /// ClientExit.signal(2).status   // 130
    /// ```
    public var status: Int32 {
        switch self {
        case .quit, .closedByYou: return 0
        case .refused, .connectionRefused: return 2
        case .unreachable: return 3
        case .kicked: return 4
        case .roomClosed: return 5
        case .terminal: return 6
        case .nameTaken: return Self.nameTakenStatus
        case .badPicture, .badFlag: return 64
        case let .signal(number): return 128 + number
        }
    }

    /// `nameTaken`'s status, for the commands that ask for another name.
    ///
    /// ```swift
    /// ClientExit.nameTaken("join: Ann is already a member of room K7QM; choose another name").status == ClientExit.nameTakenStatus   // true
    /// ```
    public static let nameTakenStatus: Int32 = 7

    /// The one line printed on stderr once the terminal is restored (nil: nothing to say).
    ///
    /// ```swift
    /// ClientExit.kicked(room: "K7QM").message   // "swipe: the host removed you from room K7QM"
    /// ```
    public var message: String? {
        switch self {
        case .quit, .signal: return nil
        case let .closedByYou(room): return "swipe: you closed room \(room)"
        case let .refused(text), let .nameTaken(text): return "swipe: the server refused: " + text
        case let .connectionRefused(text): return "swipe: the server refused the connection: " + text
        case let .unreachable(text): return "swipe: " + text
        case let .kicked(room): return "swipe: the host removed you from room \(room)"
        case let .roomClosed(room, reason): return "swipe: room \(room) was closed (\(reason))"
        case let .terminal(text), let .badPicture(text), let .badFlag(text): return "swipe: " + text
        }
    }
}
