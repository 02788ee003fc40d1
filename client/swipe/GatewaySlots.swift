// Shell: the SSH gateway's caps on sessions at once, in all and per source address. Runs on the
// main thread, once per session before anything is asked; touches STATE/sessions/slot-N (the
// gateway's) and STATE/sessions/<source>-N (one source's) lock files, made 0660 with fchmod (the
// umask of swipe-ssh.service is 0077, and `swipe` and `guest` share them through the group), and
// holds one flock of each until the process ends, so a killed session frees its slots at once and
// nothing needs cleaning.
import Foundation
import SwipeClient

/// Numbered lock files; a session holds one of its source's and one of the gateway's for its life.
///
/// ```swift
/// let slots = GatewaySlots(directory: "/var/lib/swipedeck-ssh/sessions", share: GatewayShare(maxSessions: 200, perAddress: nil))
/// if let full = slots.take(source: source) { /* refused: share.refusal(full) */ }
/// ```
struct GatewaySlots {
    let directory: String
    let share: GatewayShare

    /// Locks one of `source`'s slots, then one of the gateway's; keeps both until exit. Nil when
    /// taken; otherwise which count was full (nothing is then held).
    func take(source: GatewaySource) -> GatewayShare.Full? {
        guard let own = lock(prefix: source.fileName + "-", count: share.perAddress) else { return .address }
        guard lock(prefix: "slot-", count: share.maxSessions) != nil else {
            close(own)
            return .gateway
        }
        return nil
    }

    /// The descriptor of the first free `PREFIXn` (n < count), locked and left open; nil if all are held.
    private func lock(prefix: String, count: Int) -> Int32? {
        for slot in 0..<count {
            let fd = Self.openShared("\(directory)/\(prefix)\(slot)")
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {   // held until this process ends
                _ = futimens(fd, nil)                  // used now: forgetIdle keeps it
                return fd
            }
            close(fd)
        }
        return nil
    }

    /// Removes the per-source slot files and key locks (`v4-…`, `v6-…`, `key-…`) nobody has held
    /// for `seconds`, so addresses and keys seen once do not pile up; `slot-N` stay. A file is
    /// removed only while this process holds its lock.
    ///
    /// ```swift
    /// GatewaySlots.forgetIdle(in: "/var/lib/swipedeck-ssh/sessions", olderThan: 86_400, now: Date().timeIntervalSince1970)
    /// ```
    static func forgetIdle(in directory: String, olderThan seconds: Double, now: Double) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix("v4-") || name.hasPrefix("v6-") || name.hasPrefix("key-") {
            let path = directory + "/" + name
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, now - Double(info.st_mtim.tv_sec) > seconds, flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
            unlink(path)
        }
    }

    /// Opens (making it if need be) a lock file both gateway users can open: 0660 whatever the
    /// umask. A file another user made cannot be chmod-ed by this one, and need not be.
    static func openShared(_ path: String) -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o660)
        if fd < 0 { return open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }   // a file of the other user's, made 0640 by an older gateway
        var info = stat()
        if fstat(fd, &info) == 0, info.st_uid == getuid(), info.st_mode & 0o777 != 0o660 { _ = fchmod(fd, 0o660) }
        return fd
    }
}
