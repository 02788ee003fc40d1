// Shell: one running session per key. Runs on the main thread, once per keyed session before its
// slots are taken; touches STATE/sessions/key-<digest> (a flock, and the holder's pid in the file)
// and signals the process named there: a key coming back while its old session is still held (a
// dropped link sshd has not noticed, a frozen terminal) replaces that session instead of spending
// a second slot.
import Foundation
import SwipeClient

/// The lock a keyed session holds for its whole life.
///
/// ```swift
/// GatewayKeyLock(directory: "/var/lib/swipedeck-ssh/sessions", key: key).takeOver()
/// ```
struct GatewayKeyLock {
    let path: String

    init(directory: String, key: SSHUserKey) {
        path = directory + "/key-" + key.directoryName
    }

    /// Takes the key's lock, ending the session that holds it (SIGTERM, then SIGKILL after
    /// `grace` seconds). False when it could not be had within twice `grace` (the lock stays with
    /// the older session; this one then goes on without it).
    @discardableResult
    func takeOver(grace: Double = 3) -> Bool {
        let fd = GatewaySlots.openShared(path)
        guard fd >= 0 else { return false }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return claim(fd) }
        let holder = Self.holder(fd)
        if let holder { kill(holder, SIGTERM) }
        let start = Self.now()
        var killed = false
        while Self.now() - start < 2 * grace {
            usleep(50_000)
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return claim(fd) }
            if !killed, Self.now() - start >= grace, let holder {
                kill(holder, SIGKILL)
                killed = true
            }
        }
        close(fd)
        return false
    }

    /// Writes this process's pid for the next session of the key to find; the descriptor stays open.
    private func claim(_ fd: Int32) -> Bool {
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, text, text.count, 0)   // its mtime: used now (GatewaySlots.forgetIdle)
        return true
    }

    /// The pid the holder wrote, if it is a number above 1.
    private static func holder(_ fd: Int32) -> pid_t? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0, let pid = pid_t(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
              pid > 1, pid != getpid() else { return nil }
        return pid
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
