// The local backend's durable log: opened and replayed by `restore` (SwipeServerHost.start, on the
// caller's thread, before the service thread exists), then written only on the service thread,
// from the host's `apply`, before any effect that acknowledges what the records say.
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms
import SwipeStore

extension LocalBackend {
    /// The file inside the data directory that holds the log.
    static let logFileName = "rooms.sqlite"

    /// Opens (creating, mode 0700) the data directory and its log, and restores every room in it.
    func openStore() throws {
        guard let directory else { return }
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ServerStartError(description: "--data \(directory): not a directory") }
        } else {
            do {
                try files.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw ServerStartError(description: "--data \(directory): cannot create the data directory: \(error.localizedDescription)")
            }
        }
        let path = (directory as NSString).appendingPathComponent(Self.logFileName)
        let started = host.now
        let log: EventLog
        let load: RestartLoad
        do {
            log = try EventLog(path: path, durability: durability)
            load = try log.loadForRestart()
        } catch let error as StoreError {
            throw ServerStartError(description: error.description)   // names the path and what is wrong
        } catch {
            throw ServerStartError(description: "\(path): \(error)")
        }
        let time = host.now
        let report: RestoreReport
        do {
            // Decoding dominates a start: it runs on every core (before the service thread exists).
            let checkpoints = try ParallelMap.map(load.checkpoints, minimumPerChunk: 16) {
                try RoomCheckpoint.decoded($0.state.payload, room: RoomCode($0.state.room))
            }
            let tail = try ParallelMap.map(load.entries) { try LogRecord(entry: $0) }
            report = try host.registry.restore(checkpoints: checkpoints, tail: tail, at: time, grace: host.rules.restartGrace)
        } catch {
            throw ServerStartError(description: "\(path): cannot replay the log: \(error)")
        }
        for code in report.closed { try? log.forget(room: code.rawValue) }
        store = log
        do { try readHibernationIndex(log) } catch { throw ServerStartError(description: "\(path): cannot read the hibernated rooms' index: \(error)") }
        try? log.forgetOrphanPictures()
        checkpointPolicy.restored(report.tailLengths)
        for (code, effects) in report.effects { host.apply(effects, in: code) }
        host.logger.info("data \(path): restored \(report.rooms.count) room(s) (\(hibernated.count) more asleep) from \(load.checkpoints.count) checkpoint(s) and \(load.entries.count) record(s) in \(Int(host.now - started)) ms")
    }

    /// Writes `records` in one transaction (durable on return), with the checkpoints now due. On
    /// failure the server stops: acknowledging what is not stored would break the durability promise.
    package func commit(_ records: [LogRecord]) -> Bool {
        guard let store else { return true }
        guard storageFailure == nil else { return false }   // already stopping: said once, not again
        do {
            let states = host.registry.checkpointStates(of: checkpointPolicy.roomsDue(after: records), at: host.now)
            let entries = try records.map { try $0.entry() }
            let started = ContinuousClock.now
            try store.append(entries, checkpoints: states)
            host.server.recordStoreAppend(since: started)
            host.server.countCheckpoints(states.count)
            return true
        } catch {
            return stop(because: "cannot write the log \(store.path): \(error)")
        }
    }

    /// A write failed: nothing more is written or acknowledged, and the server stops (always false).
    func stop(because failure: String) -> Bool {
        storageFailure = failure
        host.logger.critical("\(failure); stopping without acknowledging (exit status \(storageFailureExitCode))")
        host.server.requestStop()
        return false
    }

    /// Takes a room out of what a restart loads (closed and evicted rooms must not come back);
    /// its records stay in the archive.
    func forgetStored(_ code: RoomCode) {
        checkpointPolicy.forget(code)
        pictures[code] = nil
        do {
            try store?.forget(room: code.rawValue)
        } catch {
            host.logger.error("cannot forget room \(code) in \(store?.path ?? "the log"): \(error)")
        }
    }
}
