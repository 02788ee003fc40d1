// Rooms the registry evicted: abandoned ones found by housekeeping, and rooms an address left
// unjoined, given up at its room cap. Service thread only; touches the shell's timers, its log
// and its per-address ledger.
import SwipeProtocol

extension ServerShell {
    /// Forgets a room the registry has just evicted (its timers, its place in the log, its creator's count).
    func evicted(_ code: RoomCode, why: String) {
        membersOnline[code] = nil
        timers.cancelRoomTimer(code)
        forgetStored(code)
        ledger.removed(room: code)
        logger.info("room \(code) evicted: \(why) (and forgotten in the log)")
    }
}
