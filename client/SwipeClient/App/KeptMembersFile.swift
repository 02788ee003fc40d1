// Shell: the file behind KeptMembers. Runs on the MAIN thread (the client's loop and the command
// that starts it); touches only $XDG_STATE_HOME/swipedeck/members (or ~/.local/state/…), made
// 0600 in a 0700 directory. A file that cannot be read or written keeps nothing: the session
// goes on exactly as without it.
import Foundation
import SwipeProtocol

/// Where this machine keeps its room memberships, and the server they belong to.
///
/// ```swift
/// let kept = KeptMembersFile.standard(server: url)
/// let token = kept?.token(room: "K7QM-X4TD-9R", name: "Bo")
/// ```
public struct KeptMembersFile: Sendable {
    public let path: String
    /// The server's address as the entries name it (scheme, host, port).
    public let server: String

    public init(path: String, server: WebSocketURL) {
        self.path = path
        self.server = "\(server.scheme.rawValue)://\(server.host):\(server.port)"
    }

    /// `$XDG_STATE_HOME/swipedeck/members`, else `~/.local/state/swipedeck/members`; nil without a home.
    public static func standard(server: WebSocketURL, environment: [String: String] = ProcessInfo.processInfo.environment) -> KeptMembersFile? {
        StateDirectory.path(environment: environment).map { KeptMembersFile(path: $0 + "/members", server: server) }
    }

    public func token(room: RoomCode, name: String) -> String? {
        read().token(server: server, room: room, name: name)
    }

    public func remember(room: RoomCode, name: String, token: String) {
        var kept = read()
        guard kept.token(server: server, room: room, name: name) != token else { return }
        kept.remember(server: server, room: room, name: name, token: token)
        write(kept)
    }

    public func forget(room: RoomCode, name: String) {
        var kept = read()
        guard kept.token(server: server, room: room, name: name) != nil else { return }
        kept.forget(server: server, room: room, name: name)
        write(kept)
    }

    /// Every kept membership on this machine, whatever its server, oldest first (`swipe rooms`).
    ///
    /// ```swift
    /// KeptMembersFile.standard(server: url)?.everyRoom().map(\.room)   // ["K7QM-X4TD-9R", …]
    /// ```
    public func everyRoom() -> [KeptMembers.Entry] { read().entries }

    private func read() -> KeptMembers {
        KeptMembers(text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }

    /// Written to a temporary file and renamed over the old one, so a crash leaves one or the other.
    private func write(_ kept: KeptMembers) {
        let directory = (path as NSString).deletingLastPathComponent
        let manager = FileManager.default
        try? manager.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + ".\(getpid()).tmp"
        guard manager.createFile(atPath: temporary, contents: Data(kept.text.utf8), attributes: [.posixPermissions: 0o600]) else { return }
        if rename(temporary, path) != 0 { try? manager.removeItem(atPath: temporary) }
    }
}
