import SwipeProtocol

/// What the client may not do when it runs for someone else's terminal (the SSH gateway, `swipe
/// gateway`): nothing of the host's is reachable from the room. Set only by the gateway, never by
/// a flag the member can give.
///
/// - the export (`e`) shows the room's `results.csv` / `results.json` links instead of writing files;
/// - Ctrl-Z does nothing (no job control);
/// - the lobby's `swipe join` line names `publicServer` (hidden when nil: the gateway's own
///   `ws://127.0.0.1` address means nothing to the member).
///
/// The client starts no program in any mode (help and the proposal editor are drawn in-process);
/// decks from files or standard input are refused before it starts (`GatewaySession`).
///
/// ```swift
/// var options = ClientOptions(name: "Bo", entry: .join(room: "K7QM", role: nil))
/// options.restriction = ClientRestriction(publicServer: try WebSocketURL(parsing: "ws://swipe.example.org:7681"))
/// ```
public struct ClientRestriction: Hashable, Sendable {
    /// The server's address as members reach it (`swipe gateway --public`), for links and the lobby.
    public var publicServer: WebSocketURL?
    /// The gateway's host key fingerprint (`SHA256:…`), shown in the lobby under the ssh line so
    /// that members can check it the first time their ssh asks.
    public var hostKey: String?

    /// A restriction whose links name `publicServer`; `hostKey` is kept only if it is a SHA256
    /// fingerprint as `ssh-keygen -l` prints it.
    ///
    /// ```swift
    /// let restriction = ClientRestriction(publicServer: nil)
    /// ClientRestriction(publicServer: nil, hostKey: "SHA256:Y4Fe1v/KSkkIUbdrDMb3QzkfEzkbj3VbctMRPVUfb2I").hostKey   // kept
    /// ClientRestriction(publicServer: nil, hostKey: "\u{1b}[2J").hostKey                                         // nil
    /// ```
    public init(publicServer: WebSocketURL?, hostKey: String? = nil) {
        self.publicServer = publicServer
        self.hostKey = hostKey.flatMap(Self.fingerprint)
    }

    /// `text` if it is `SHA256:` and 43 base64 characters (no padding), else nil.
    static func fingerprint(_ text: String) -> String? {
        let digest = text.dropFirst("SHA256:".count)
        guard text.hasPrefix("SHA256:"), digest.count == 43,
              digest.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/") }) else { return nil }
        return text
    }

    /// The room's results over HTTP on `server`: `results.csv`, then `results.json`.
    ///
    /// ```swift
    /// ClientRestriction.resultsLinks(server: try WebSocketURL(parsing: "wss://example.org:443"), room: "ABCD")
    /// // ["https://example.org:443/rooms/ABCD/results.csv", "https://example.org:443/rooms/ABCD/results.json"]
    /// ```
    public static func resultsLinks(server: WebSocketURL, room: RoomCode) -> [String] {
        let base = server.httpBase + "/rooms/\(room.rawValue)/results"
        return [base + ".csv", base + ".json"]
    }
}
