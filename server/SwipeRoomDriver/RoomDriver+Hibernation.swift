// Rooms nobody is connected to leave memory, by one rule for every store: the driver looks every
// so often (`timers.hibernationCheck`), the store says since when each room is idle by its measure
// and keeps those that go. Service thread only; touches the driver's timers and asks its store.
import SwipeBackend
import SwipeRooms

extension RoomDriver {
    /// How often the driver looks for idle rooms: half of `--hibernate-after`, between 250 ms and a minute.
    ///
    /// ```swift
    /// RoomDriver.hibernationInterval(after: 60_000)   // 30_000
    /// ```
    package static func hibernationInterval(after: ServerTime) -> ServerTime { checkInterval(within: after) }

    /// How often to look for what must happen within `span` ms (a room to let go, a room to forget):
    /// twice per span, between 250 ms and a minute apart.
    ///
    /// ```swift
    /// RoomDriver.checkInterval(within: 120_000)   // 60_000
    /// ```
    package static func checkInterval(within span: ServerTime) -> ServerTime { min(60_000, max(250, span / 2)) }

    /// Arms the first check (once the store exists; nothing with `--hibernate-after 0`).
    func armHibernationCheck() {
        guard let after = rules.hibernateAfter else { return }
        timers.hibernationCheck = now + Self.hibernationInterval(after: after)
    }

    /// At each check: the rooms nobody is connected to here, idle by their store's measure for
    /// `--hibernate-after`, leave memory.
    func checkForIdleRooms(at time: ServerTime) {
        guard let check = timers.hibernationCheck, time >= check, let after = rules.hibernateAfter else { return }
        timers.hibernationCheck = time + Self.hibernationInterval(after: after)
        letIdleRoomsGo(at: time, idleFor: after)
    }

    /// Lets every room go that nobody is connected to here and that its store has seen idle for
    /// `idleFor` ms (nil: `--hibernate-after`; nothing when that is off), earliest code first.
    ///
    /// ```swift
    /// driver.letIdleRoomsGo(at: driver.now, idleFor: 0)   // memory full: every room that may go, now
    /// ```
    package func letIdleRoomsGo(at time: ServerTime, idleFor: ServerTime?) {
        guard let after = idleFor ?? rules.hibernateAfter else { return }
        let idle = registry.rooms.keys.filter { code in
            guard membersOnline[code]?.isEmpty != false, let since = backend.idleSince(code) else { return false }
            return time - since >= after
        }
        guard !idle.isEmpty else { return }
        backend.letGo(idle.sorted { $0.rawValue < $1.rawValue }, at: time)
        events.deadlinesChanged()
    }
}
