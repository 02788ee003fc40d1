// Hibernation over any `RoomStore`: a room nobody has been connected to for `--hibernate-after`
// leaves memory with a checkpoint of its whole state and a row in the store's index; it is read
// back when someone joins or resumes, asks for its results or pictures, or its close comes, which
// is armed here, once for every such store. A start reads the index, not the rooms. When a room
// goes is the driver's rule (`RoomDriver+Hibernation.swift`); how it is kept is the store's.
// Service thread only (the index is read by `restore`, at start, before that thread exists);
// reaches the rooms through its RoomHost.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension LocalBackend {
    /// The wall clock at server time 0 (closing times and the index are on the wall clock).
    var wallClockAtZero: ServerTime { host.registry.limits.wallClockAtZero }

    /// Reads the index at start: each hibernated room's close is on the timers, nothing else is loaded.
    func readHibernationIndex(_ rows: [SleepingRoom]) {
        var closes: [SleepingCloses.Close] = []
        for row in rows {
            hibernated[row.code] = row
            if row.open, let closesAt = row.closesAt { closes.append(SleepingCloses.Close(deadline: closesAt - wallClockAtZero, code: row.code)) }
        }
        sleepingCloses.insert(contentsOf: closes)
        armNextSleepingClose()
    }

    /// Only the earliest sleeping room's close is on the server's timers; when it fires (or that room
    /// wakes), the next one is armed. A close that went by while the server was down is due at once.
    func armNextSleepingClose() {
        guard let next = sleepingCloses.first else { return }
        host.timers.setRoomTimer(next.code, at: max(host.now, next.deadline))
    }

    /// Since when a room has been idle, for the driver's rule (`RoomDriver+Hibernation.swift`): the
    /// time its last member left, if it waits for nothing but its close (`Room.canHibernate`);
    /// nil without a store to keep it in, once the store has failed, or with `--hibernate-after 0`
    /// (even when memory is full: then a create is refused instead).
    package func idleSince(_ code: RoomCode) -> ServerTime? {
        guard store != nil, storageFailure == nil, host.rules.hibernateAfter != nil, let room = host.registry.rooms[code], room.canHibernate else { return nil }
        return room.lastActivity
    }

    /// Puts `codes` to sleep: each one's whole state as a checkpoint and its row in the index, in
    /// one transaction; out of memory and off the timers (a closing time stays on them through
    /// `SleepingCloses`).
    package func letGo(_ codes: [RoomCode], at time: ServerTime) {
        guard let store, storageFailure == nil else { return }
        var slept = 0
        for code in codes {
            guard let room = host.registry.rooms[code] else { continue }
            let entry = SleepingRoom(code: code, closesAt: room.settings.closesAt, leftAt: room.lastActivity + wallClockAtZero,
                                     open: room.isSealed)
            do {
                try store.sleep(room.checkpoint, as: entry, at: time)
            } catch {
                _ = stop(because: "cannot write \(store.name): \(error)")
                return
            }
            host.registry.remove(code)
            host.timers.cancelRoomTimer(code)
            checkpointPolicy.forget(code)
            hibernated[code] = entry
            slept += 1
            if room.isSealed, let deadline = room.closeDeadline { sleepingCloses.insert(code, at: deadline) }
        }
        armNextSleepingClose()
        if slept > 0 { host.logger.debug("hibernated \(slept) room(s); \(hibernated.count) asleep, \(host.registry.rooms.count) in memory") }
    }

    /// Brings a hibernated room back into memory (true), or says it is not asleep here (false). Its
    /// members are all offline, as when they left; its close, if still ahead, is on its timer again.
    @discardableResult
    func wake(_ code: RoomCode) -> Bool {
        guard hibernated[code] != nil, let store else { return false }
        do {
            let woken = try store.wake(code)
            let report = try host.registry.restore(checkpoints: woken.checkpoints, tail: woken.tail, at: host.now, grace: 0)
            hibernated[code] = nil
            sleepingCloses.remove(code)
            armNextSleepingClose()
            checkpointPolicy.restored(report.tailLengths)
            for (room, effects) in report.effects { keepAndApply(effects, in: room) }
            return host.registry.rooms[code] != nil
        } catch {
            host.logger.error("room \(code) cannot be woken from \(store.name): \(error); it stays asleep")
            return false
        }
    }

    /// Hibernated rooms past their time: without a closing time, `--abandoned-room-timeout` after
    /// their last member left; with one, `--keep-decided` after it. Forgotten like evicted rooms.
    /// Returns them: the caller forgets each as it does an evicted room (`evicted`).
    func evictHibernated(at time: ServerTime) -> [RoomCode] {
        let wall = time + wallClockAtZero
        let lifetime = host.rules.lifetime
        // The rule rooms in memory are forgotten by, on the wall clock (no room only its creator
        // joined sleeps: `Room.canHibernate`).
        let due = hibernated.filter { _, room in
            wall >= lifetime.forgetAt(closesAt: room.closesAt, lastLeft: room.leftAt, onlyItsCreator: false)
        }.map(\.key)
        for code in due {
            hibernated[code] = nil
            sleepingCloses.remove(code)
        }
        return due
    }
}
