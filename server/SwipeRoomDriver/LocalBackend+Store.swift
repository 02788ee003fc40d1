// The local backend's store: opened and its rooms brought back by `restore` (SwipeServerHost.start,
// on the starting thread, before the service thread exists), then written only on the service
// thread, from the driver's `apply`, before any effect that acknowledges what the records say.
// What the store is (SQLite, memory) it never asks: `RoomStore` is all it sees.
import Foundation
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension LocalBackend {
    /// Opens the store and restores every room it keeps awake; the sleeping ones stay asleep, their
    /// closes on the timers (`readHibernationIndex`).
    func openStore() throws {
        guard let store = storeToOpen else { return }
        let started = host.now
        let kept = try store.open()
        let report: RestoreReport
        do {
            report = try host.registry.restore(checkpoints: kept.checkpoints, tail: kept.tail, at: host.now, grace: host.rules.restartGrace)
        } catch {
            throw ServerStartError(description: "\(store.name): cannot replay it: \(error)")
        }
        for code in report.closed { try? store.forget(code) }
        self.store = store
        readHibernationIndex(kept.asleep)
        checkpointPolicy.restored(report.tailLengths)
        for (code, effects) in report.effects { keepAndApply(effects, in: code) }
        host.logger.info("\(store.name): restored \(report.rooms.count) room(s) (\(hibernated.count) more asleep) from \(kept.checkpoints.count) checkpoint(s) and \(kept.tail.count) record(s) in \(Int(host.now - started)) ms")
    }

    /// `effects` with their records kept (nil: the store could not keep them, the server stops,
    /// and none of them may be carried out: they would acknowledge what is not stored).
    func kept(_ effects: [RoomEffect]) -> [RoomEffect]? {
        var records: [LogRecord] = []
        for case let .append(record) in effects { records.append(record) }
        return records.isEmpty || commit(records) ? effects : nil
    }

    /// Keeps the effects' records, then hands the effects to the driver to carry out (a room
    /// restored or woken: nothing called for them that could take them back).
    func keepAndApply(_ effects: [RoomEffect], in code: RoomCode) {
        if let effects = kept(effects) { host.apply(effects, in: code) }
    }

    /// Keeps `records` in one transaction (durable on return), with the checkpoints now due. On
    /// failure the server stops: acknowledging what is not stored would break the durability promise.
    func commit(_ records: [LogRecord]) -> Bool {
        guard let store else { return true }
        guard storageFailure == nil else { return false }   // already stopping: said once, not again
        do {
            let checkpoints = checkpointPolicy.roomsDue(after: records).compactMap { host.registry.rooms[$0]?.checkpoint }
            let started = ContinuousClock.now
            try store.append(records, checkpoints: checkpoints, at: host.now)
            host.server.recordStoreAppend(since: started)
            host.server.countCheckpoints(checkpoints.count)
            return true
        } catch {
            return stop(because: "cannot write \(store.name): \(error)")
        }
    }

    /// A write failed: nothing more is written or acknowledged, and the server stops (always false).
    func stop(because failure: String) -> Bool {
        storageFailure = failure
        host.logger.critical("\(failure); stopping without acknowledging (exit status \(storageFailureExitCode))")
        host.server.requestStop()
        return false
    }

    /// Takes a room out of what a restart loads (closed and evicted rooms must not come back).
    func forgetStored(_ code: RoomCode) {
        checkpointPolicy.forget(code)
        pictures[code] = nil
        do {
            try store?.forget(code)
        } catch {
            host.logger.error("cannot forget room \(code) in \(store?.name ?? "the store"): \(error)")
        }
    }
}
