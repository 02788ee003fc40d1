// A room's close when nobody holds it in memory, written once for every store. Each backend keeps
// its list of such rooms by closing time where its store lets it: `LocalBackend` its sleeping
// rooms (`SleepingCloses`, the earliest on the timers), `SharedLogBackend` the shared store's list
// (which every node reads, so a room closes on time with every node that held it gone). Both hand
// the rooms whose time has come here: each is found (woken, or loaded from the store), which arms
// its timer as for any room brought into memory, already due; so its close is the room's own
// `timerFired`, as for a room that never left. Service thread only; reads the registry's rooms and
// finds rooms through the backend that asks.
import SwipeProtocol
import SwipeRooms

extension RoomHost {
    /// `codes`' closing times have come and they may not be in memory: each is found by `find` (the
    /// backend's `findRoom`: woken from this machine's store, or loaded from a shared one), which
    /// puts it on the timers, due at once. One that cannot be found, or has nothing left to close
    /// (decided already), is `settled`: it leaves the backend's list.
    ///
    /// ```swift
    /// host.closeWhenDue(["K7QM-X4TD-9R"], find: findRoom) { code in sleepingCloses.remove(code) }
    /// ```
    func closeWhenDue(_ codes: [RoomCode], find: (RoomCode, @escaping (Bool) -> Void) -> Void,
                      settled: @escaping (RoomCode) -> Void) {
        for code in codes {
            find(code) { [unowned self] found in
                if !found || registry.rooms[code]?.isSealed != true { settled(code) }
            }
        }
    }
}
