// Shell: the SSH gateway's cap on sessions at once. Runs on the main thread, once per session before
// the client starts; touches STATE/sessions/slot-N files (made 0660) and holds one flock until the
// process ends, so a killed session frees its slot at once and nothing needs cleaning.
import Foundation

/// `count` numbered lock files; a session holds one for its whole life.
///
/// ```swift
/// let slots = GatewaySlots(directory: "/var/lib/swipedeck-ssh/sessions", count: 200)
/// guard slots.take() else { /* full */ }
/// ```
struct GatewaySlots {
    let directory: String
    let count: Int

    /// Locks the first free slot and keeps it until exit; false when all `count` are held.
    func take() -> Bool {
        for slot in 0..<count {
            let fd = open("\(directory)/slot-\(slot)", O_RDONLY | O_CREAT | O_CLOEXEC, 0o660)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }   // held (fd left open) until this process ends
            close(fd)
        }
        return false
    }
}
