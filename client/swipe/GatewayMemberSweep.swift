// Shell: forgets the SSH gateway's member folders nobody used for --forget-members-after days, and
// the least recently used past --max-members-bytes; then the slot files of sources and keys nobody
// held for a day (GatewaySlots.forgetIdle). Runs on the main thread of a keyed session
// (the `swipe` user owns STATE/members), at most once an hour for the whole gateway (the mtime of
// STATE/members/.swept); touches STATE/members/<key>/ (removed, or its mtime set at each login) and
// tests the key locks in STATE/sessions (a key whose session runs is never removed).
import Foundation
import SwipeClient

/// The sweep of `STATE/members`.
///
/// ```swift
/// GatewayMemberSweep(state: "/var/lib/swipedeck-ssh", maxAgeDays: 90, maxBytes: 2 << 30).run(keeping: member)
/// ```
struct GatewayMemberSweep {
    let state: String
    let maxAgeDays: Double
    let maxBytes: Int
    /// Seconds between two sweeps.
    static let interval = 3600.0

    /// Marks `member` used now, then, if the last sweep is older than `interval`, removes the folders
    /// OldestFirstTrim chooses, never `member`'s nor one whose key has a session running.
    func run(keeping member: GatewayMember) {
        let members = state + "/members"
        member.touch()
        let stamp = members + "/.swept"
        let now = Date().timeIntervalSince1970
        if let swept = Self.modified(stamp), now - swept < Self.interval { return }
        guard FileManager.default.createFile(atPath: stamp, contents: nil, attributes: [.posixPermissions: 0o600]) else { return }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: members)) ?? []).filter { $0.count == 64 && $0.allSatisfy(\.isHexDigit) }
        let entries = names.map { OldestFirstTrim.Entry(name: $0, lastUsed: Self.modified(members + "/" + $0) ?? 0, bytes: Self.bytes(in: members + "/" + $0)) }
        let running = Set(names.filter { Self.sessionRuns(key: $0, sessions: state + "/sessions") })
        let trim = OldestFirstTrim(maxAge: maxAgeDays * 86_400, maxCount: nil, maxBytes: maxBytes)
        for name in trim.victims(entries, now: now, keeping: running.union([member.key.directoryName])) {
            try? FileManager.default.removeItem(atPath: members + "/" + name)
        }
        GatewaySlots.forgetIdle(in: state + "/sessions", olderThan: 86_400, now: now)
    }

    static func modified(_ path: String) -> Double? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec)
    }

    /// The bytes of the regular files under `folder` (links are not followed).
    static func bytes(in folder: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total = 0
        while let name = walker.nextObject() as? String {
            var info = stat()
            if lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG { total += Int(info.st_size) }
        }
        return total
    }

    /// Whether a session of the key holds its lock now.
    static func sessionRuns(key: String, sessions: String) -> Bool {
        let fd = open(sessions + "/key-" + key, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 { return false }   // released again when closed
        return true
    }
}
