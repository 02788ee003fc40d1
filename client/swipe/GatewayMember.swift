// Shell: what the SSH gateway keeps for one key. Runs on the main thread; touches only
// STATE/members/<key digest>/ (0700, the login user's): `name` (the name asked once) and `members`
// (the key's memberships, KeptMembersFile's format: a token per server, room and name).
import Foundation
import SwipeClient
import SwipeProtocol

/// Who logged in to the gateway.
///
/// ```swift
/// let identity = GatewayIdentity.member(GatewayMember(state: "/var/lib/swipedeck-ssh", key: key))
/// ```
enum GatewayIdentity {
    /// A public key: the same member in every room it joined, from any machine.
    case member(GatewayMember)
    /// No key (`--guests`): a new member each time; nothing kept.
    case guest
}

/// One key's folder under the gateway's state.
///
/// ```swift
/// let member = GatewayMember(state: "/var/lib/swipedeck-ssh", key: key)
/// member.name   // "Ann", once asked
/// ```
struct GatewayMember {
    let key: SSHUserKey
    let directory: String

    init(state: String, key: SSHUserKey) {
        self.key = key
        directory = state + "/members/" + key.directoryName
    }

    /// The name this key gave before, if any.
    var name: String? {
        guard let text = try? String(contentsOfFile: directory + "/name", encoding: .utf8) else { return nil }
        let name = text.trimmingCharacters(in: .newlines)
        return MemberName.problem(with: name) == nil ? name : nil
    }

    /// Keeps `name` for this key's next login.
    func remember(name: String) {
        guard name != self.name, makeDirectory() else { return }
        let path = directory + "/name", temporary = path + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data((name + "\n").utf8), attributes: [.posixPermissions: 0o600]) else { return }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    /// This key's memberships on `server`.
    func kept(server: WebSocketURL) -> KeptMembersFile? {
        makeDirectory() ? KeptMembersFile(path: directory + "/members", server: server) : nil
    }

    /// Marks the folder used now (its mtime: GatewayMemberSweep forgets the least recently used).
    func touch() {
        guard makeDirectory() else { return }
        _ = utimensat(AT_FDCWD, directory, nil, 0)
    }

    private func makeDirectory() -> Bool {
        (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                  attributes: [.posixPermissions: 0o700])) != nil
    }
}
