// Rooms with a closing time over a shared store: the store lists them by closing time (with the
// room's first entry, `AppendOptions.closesAt`), so that whichever node looks first loads a due
// room that no node holds and lets its timer close it; the
// `timerFired` entry is appended only if the log has not moved (`sharedTimerDue`), so the close
// happens once however many nodes race for it. Service thread only; reaches the rooms through its
// RoomHost (the registry, the timers, the clock) and the store through `SharedStore`.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension SharedLogBackend {
    /// How many due rooms one look loads at most.
    static let closingBatch = 20

    /// Once a second: the listed rooms whose closing time has come, closed as every store's are
    /// (`RoomHost+Closing.swift`): one held here, or loaded (no node holds it), closes by its own
    /// timer, due at once. One that is decided, or gone from the store, leaves the list.
    func closeDueRooms() {
        // The wall clock in a cluster.
        store.records(.takeDue(.closing, at: host.now, limit: Self.closingBatch, holdUntil: nil)) { [unowned self] answer in
            let codes = (answer?.members ?? []).map { RoomCode($0) }
            host.closeWhenDue(codes.filter { loading[$0] == nil }, find: findRoom) { [unowned self] code in
                store.records(.schedule(code.rawValue, on: .closing, at: nil))
            }
        }
    }

    /// How long the store must keep a room's entries after this one (s): for a room with a closing
    /// time, until `--keep-decided` after it (the store keeps them at least its own lifetime).
    ///
    /// ```swift
    /// keepFor(code, entry: entry)   // 0 for a room without a closing time
    /// ```
    func keepFor(_ code: RoomCode, entry: ClusterEntry) -> Int {
        guard let closesAt = host.registry.rooms[code]?.settings.closesAt ?? entry.room?.settings.closesAt else { return 0 }
        // The one forget rule (`RoomLifetime`): the node's clock is the wall clock in a cluster.
        let forgetAt = host.rules.lifetime.forgetAt(closesAt: closesAt, lastLeft: host.now, onlyItsCreator: false)
        let untilForgotten = ((forgetAt - host.now) / 1000).rounded(.up)
        return Int(max(0, min(untilForgotten, 400 * 86_400)))
    }

    /// A `created` entry applied here (live or from the room's history) names the room's webhook:
    /// the server sends the room's events there, whichever node decides it.
    func learnWebhook(of entry: ClusterEntry, in code: RoomCode) {
        guard entry.kind == .created, let url = entry.room?.notify else { return }
        host.server.roomHasWebhook(code, url: url)
    }
}
