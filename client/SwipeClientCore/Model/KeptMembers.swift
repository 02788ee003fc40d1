import SwipeProtocol

/// The members this machine was in rooms as: for each server, room and name, the resume token,
/// so `swipe join` under the same name comes back as that member (votes, host role and all)
/// after a crash, a closed terminal or quitting. A pure value; `KeptMembersFile` reads and
/// writes it. One tab-separated line per member: server, room, name, token.
///
/// ```swift
/// var kept = KeptMembers(text: "")
/// kept.remember(server: "ws://127.0.0.1:7681", room: "K7QM-X4TD-9R", name: "Bo", token: "0d12…")
/// kept.token(server: "ws://127.0.0.1:7681", room: "K7QM-X4TD-9R", name: "Bo")   // "0d12…"
/// ```
public struct KeptMembers: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var server: String
        public var room: RoomCode
        public var name: String
        public var token: String
    }

    /// The most kept: the oldest are dropped past it.
    public static let limit = 200

    /// Oldest first.
    public private(set) var entries: [Entry] = []

    /// Reads the file's text; lines that are not four tab-separated fields are skipped.
    public init(text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, !fields[0].isEmpty, !fields[1].isEmpty, Self.isToken(fields[3]) else { continue }
            entries.append(Entry(server: fields[0], room: RoomCode(fields[1]), name: fields[2], token: fields[3]))
        }
    }

    /// The file's text.
    public var text: String {
        entries.map { "\($0.server)\t\($0.room.rawValue)\t\($0.name)\t\($0.token)\n" }.joined()
    }

    public func token(server: String, room: RoomCode, name: String) -> String? {
        entries.last { $0.server == server && $0.room == room && $0.name == name }?.token
    }

    /// Keeps `token` as the newest entry (replacing this member's older one).
    public mutating func remember(server: String, room: RoomCode, name: String, token: String) {
        guard Self.isToken(token), !name.contains(where: { $0 == "\t" || $0 == "\n" }) else { return }
        forget(server: server, room: room, name: name)
        entries.append(Entry(server: server, room: room, name: name, token: token))
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    public mutating func forget(server: String, room: RoomCode, name: String) {
        entries.removeAll { $0.server == server && $0.room == room && $0.name == name }
    }

    /// Tokens are hex (the server makes 32 digits); anything else is not kept.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 128 && text.allSatisfy(\.isHexDigit)
    }
}
