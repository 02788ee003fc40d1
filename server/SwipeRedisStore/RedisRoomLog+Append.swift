// A room's stream in Redis: appending one entry (the append script, then `WAIT` for replicas when
// `--store-replicas` asks) and reading entries back up to what replicas have. Service thread only
// (Redis replies arrive inside the libev loop's turn); touches this log's link and replica waits.
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms

/// An answered append waiting for replicas: the room, the offset to confirm, and what to do after
/// (nil: confirmed; else why not).
struct PendingConfirmation {
    var code: RoomCode
    var offset: Int
    var done: (String?) -> Void
}

extension RedisRoomLog {
    package func append(_ entry: ClusterEntry, to code: RoomCode, _ options: AppendOptions, then: @escaping (AppendOutcome) -> Void) {
        guard let link, outage == nil, let probed else { then(.failed(outage ?? "connecting")); return }
        let payload: [UInt8]
        do {
            payload = try entry.encoded()
        } catch {
            then(.failed("cannot encode the entry: \(error)"))
            return
        }
        let tail: [[UInt8]] = [
            Array(ClusterKeys.log(code).utf8), Array(ClusterKeys.meta(code).utf8), Array(ClusterKeys.seen(code).utf8),
            Array(ClusterKeys.records(code).utf8), Array(ClusterKeys.schedule(SharedSchedule.closing.name).utf8),
            Array((options.create ? "create" : "append").utf8), Array(String(format: "%.3f", now()).utf8), payload,
            Array((options.idempotencyKey ?? "").utf8), Array((options.expectedOffset.map(String.init) ?? "").utf8),
            Array(ClusterKeys.channel(code).utf8), Array(String(max(configuration.roomLifetimeSeconds, options.keepFor)).utf8),
            Array((replicaWaits.isNeeded ? "1" : "0").utf8),
            Array((options.closesAt.map { String(format: "%.0f", $0) } ?? "").utf8), Array(code.rawValue.utf8),
        ]
        let byHash = [Array("EVALSHA".utf8), Array(probed.scriptSHA.utf8), Array(AppendScript.keyCount.utf8)] + tail
        link.send(byHash) { [unowned self] reply in
            if case let .error(text)? = reply, text.hasPrefix("NOSCRIPT") {
                // Redis restarted and lost its script cache: the script itself, once.
                let bySource = [Array("EVAL".utf8), Array(AppendScript.source.utf8), Array(AppendScript.keyCount.utf8)] + tail
                link.send(bySource) { [unowned self] reply in
                    appended(entry, to: code, reply: reply, then: then)
                }
                return
            }
            appended(entry, to: code, reply: reply, then: then)
        }
    }

    /// The script answered. With `--store-replicas`, what it answered waits for the replicas
    /// first: an entry is handed back (and so applied, acknowledged or broadcast) only once a replica has it.
    private func appended(_ entry: ClusterEntry, to code: RoomCode, reply: RedisValue?, then: @escaping (AppendOutcome) -> Void) {
        let outcome = AppendOutcome(reply: reply)
        let pending: Int?
        switch outcome {
        case let .appended(offset, _), let .seen(offset): pending = offset
        case let .moved(last): pending = last
        case .exists, .unknown, .closed, .failed, .unreplicated: pending = nil
        }
        guard let pending, replicaWaits.isNeeded == true else { return then(outcome) }
        awaitReplicas(of: code, upTo: pending) { [unowned self] failure in
            if let failure {
                logger.warning("room \(code): \(entry.kind.rawValue) at \(pending) not acknowledged: \(failure)")
                then(.unreplicated(failure))
            } else {
                then(outcome)
            }
        }
    }

    /// Waits until replicas have every write up to `offset` of `code` (then raises the room's
    /// `acked` and publishes); `done` gets nil, or why not within the bound.
    private func awaitReplicas(of code: RoomCode, upTo offset: Int, then done: @escaping (String?) -> Void) {
        if replicaWaits.add(PendingConfirmation(code: code, offset: offset, done: done)) { sendReplicaWait() }
    }

    private func sendReplicaWait() {
        link?.send(replicaWaits.command) { [unowned self] reply in
            let (covered, failure, sendNext) = replicaWaits.answered(reply)
            if failure == nil {
                // Raised and published before anything is handed back: the commands after this
                // (a catch-up's read) already see the new `acked`.
                var highest: [RoomCode: Int] = [:]
                for waiter in covered { highest[waiter.code] = max(highest[waiter.code] ?? 0, waiter.offset) }
                for (code, offset) in highest.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { confirm(code, upTo: offset) }
            } else if let failure, !covered.isEmpty {
                logger.warning("\(covered.count) append(s) not acknowledged: \(failure)")
            }
            for waiter in covered { waiter.done(failure) }
            if sendNext { sendReplicaWait() }
        }
    }

    private func confirm(_ code: RoomCode, upTo offset: Int) {
        link?.send(["EVAL", StreamScripts.confirm, "2", ClusterKeys.log(code), ClusterKeys.meta(code),
                    String(offset), ClusterKeys.channel(code)])
    }

    /// Reads the room's stream after `offset` up to its `acked` offset: what replicas have.
    package func read(_ code: RoomCode, after offset: Int, limit: Int?, then: @escaping ([LoggedEntry?]?) -> Void) {
        guard let link else { then(nil); return }
        let first = offset == 0 ? "-" : "\(offset + 1)-0"
        link.send(["EVAL", StreamScripts.read, "2", ClusterKeys.log(code), ClusterKeys.meta(code),
                   first, limit.map(String.init) ?? ""]) { reply in
            then(reply == nil ? nil : Self.streamEntries(reply))
        }
    }

    /// The entries of an XRANGE reply: (offset, time, entry), nil for one that cannot be read.
    static func streamEntries(_ reply: RedisValue?) -> [LoggedEntry?] {
        guard case let .array(items)? = reply else { return [] }
        return items.map { item in
            guard let id = item[0]?.text, let offset = Int(id.prefix { $0 != "-" }), case let .array(fields)? = item[1] else { return nil }
            var at: Double?
            var payload: [UInt8]?
            var index = 0
            while index + 1 < fields.count {
                switch fields[index].text {
                case "at": at = fields[index + 1].text.flatMap(Double.init)
                case "e": if case let .string(bytes) = fields[index + 1] { payload = bytes }
                default: break
                }
                index += 2
            }
            guard let at, let payload, let entry = try? ClusterEntry(decoding: payload) else { return nil }
            return LoggedEntry(offset: offset, at: at, entry: entry)
        }
    }
}
