import SwipeClientCore
import SwipeProtocol

/// What a member asked the SSH gateway for, from the ssh command line (`$SSH_ORIGINAL_COMMAND`):
///
/// - nothing: the menu;
/// - `CODE`: join room CODE under the name this key used before (asked once);
/// - `join CODE [--name NAME] [--spectator] [screen flags]`;
/// - `create [--deck NAME] [--rule …] [--pacing …] [--timer …] [--layout …] --name NAME`;
/// - `decks`, `help`.
///
/// The flags after `join CODE` and `create` are `swipe join`'s and `swipe create`'s (parsed by
/// them); ``GatewayRequest/refusal(forCreate:)`` refuses what would read the gateway's files.
///
/// ```swift
/// GatewayRequest.parse("K7QM-X4TD-9R")                 // .success(.join(code: "K7QM-X4TD-9R", arguments: []))
/// GatewayRequest.parse("create --deck movies --name Ann")   // .success(.create(arguments: ["--deck", "movies", "--name", "Ann"]))
/// ```
public enum GatewayRequest: Hashable, Sendable {
    case menu
    case join(code: String, arguments: [String])
    case create(arguments: [String])
    case decks
    /// The rooms this key has joined: open until … (its progress) or decided → winner.
    case rooms
    /// A room's winner and ranking (`results CODE`).
    case results(code: String)
    case help

    /// Reads the ssh command line; a problem is one line naming what was wrong.
    ///
    /// ```swift
    /// GatewayRequest.parse(nil)             // .success(.menu)
    /// GatewayRequest.parse("sh -c id")      // .failure(…"sh" is not a room code or a command…)
    /// ```
    public static func parse(_ commandLine: String?) -> Result<GatewayRequest, GatewayRequestError> {
        let words: [String]
        switch ShellWords.split(commandLine ?? "") {
        case let .success(split): words = split
        case let .failure(problem): return .failure(problem)
        }
        guard let first = words.first else { return .success(.menu) }
        let rest = Array(words.dropFirst())
        switch first.lowercased() {
        case "join":
            guard let code = rest.first, !code.hasPrefix("-") else {
                return .failure(GatewayRequestError("join needs a room code: join CODE --name NAME"))
            }
            guard isRoomCode(code) else { return .failure(notACode(code)) }
            return .success(.join(code: code.uppercased(), arguments: Array(rest.dropFirst())))
        case "create": return .success(.create(arguments: rest))
        case "decks": return rest.isEmpty ? .success(.decks) : .failure(GatewayRequestError("decks takes nothing after it"))
        case "rooms": return rest.isEmpty ? .success(.rooms) : .failure(GatewayRequestError("rooms takes nothing after it"))
        case "results":
            guard rest.count == 1, let code = rest.first else { return .failure(GatewayRequestError("results needs one room code: results CODE")) }
            guard isRoomCode(code) else { return .failure(notACode(code)) }
            return .success(.results(code: code.uppercased()))
        case "help", "--help", "-h": return .success(.help)
        default:
            guard isRoomCode(first) else { return .failure(notACode(first)) }
            return .success(.join(code: first.uppercased(), arguments: rest))
        }
    }

    /// Why a `create`'s `--deck` cannot be used on the gateway: a file or standard input would be
    /// read on the gateway's host, not the member's. nil when the deck is a server deck's name.
    ///
    /// ```swift
    /// GatewayRequest.refusal(forCreate: ["--deck", "/etc/passwd"])   // "…files are not read over ssh…"
    /// GatewayRequest.refusal(forCreate: ["--deck", "movies"])        // nil
    /// ```
    public static func refusal(forCreate arguments: [String]) -> String? {
        for (i, word) in arguments.enumerated() {
            let value: String?
            if word == "--deck" {
                value = i + 1 < arguments.count ? arguments[i + 1] : nil
            } else if word.hasPrefix("--deck=") {
                value = String(word.dropFirst("--deck=".count))
            } else if word == "--deck-format" || word.hasPrefix("--deck-format=") {
                return "--deck-format is for deck files, and files are not read over ssh: name a server deck (decks lists them), or paste your own in the menu (ssh -t … with no command)"
            } else {
                continue
            }
            guard let value else { continue }
            if case .server = DeckReference(value) { continue }
            return "--deck \(value): files and standard input are not read over ssh (they would be the gateway's, not yours): name a server deck (decks lists them), or paste your own in the menu (ssh -t … with no command)"
        }
        return nil
    }

    /// Letters and digits of a room code and `-`, as `swipe join` takes them.
    static func isRoomCode(_ word: String) -> Bool {
        let allowed = Set(RoomCode.alphabet).union(["-"])
        return !word.isEmpty && word.count <= 32 && word.uppercased().allSatisfy { allowed.contains($0) }
    }

    static func notACode(_ word: String) -> GatewayRequestError {
        let shown = String(word.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(40).map(Character.init))
        return GatewayRequestError("\"\(shown)\" is not a room code or a command (try: CODE, join CODE --name NAME, create --name NAME, decks, rooms, results CODE, or nothing for the menu)")
    }
}

/// One line saying what was wrong with a gateway command line.
///
/// ```swift
/// GatewayRequestError("join needs a room code").description   // "join needs a room code"
/// ```
public struct GatewayRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
