// A cluster node's rooms follow their streams: appending entries (the append script), applying
// them in offset order through the room engine, loading a room's history, filling gaps, and the
// relay of drags. Service thread only (Redis replies arrive inside the libev loop's turn).
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms

extension ClusterNode {
    /// Appends `entry` to the room's stream. An appended entry is applied here at once (before
    /// `then`), when it is the room's next; its echo on the channel is then ignored.
    func append(_ entry: ClusterEntry, to code: RoomCode, create: Bool = false, idempotencyKey: String? = nil,
                expectedOffset: Int? = nil, then: @escaping (AppendOutcome) -> Void = { _ in }) {
        guard outage == nil else { then(.failed(outage ?? "connecting")); return }
        let payload: [UInt8]
        do {
            payload = try entry.encoded()
        } catch {
            then(.failed("cannot encode the entry: \(error)"))
            return
        }
        let tail: [[UInt8]] = [
            Array(ClusterKeys.log(code).utf8), Array(ClusterKeys.meta(code).utf8), Array(ClusterKeys.seen(code).utf8),
            Array(ClusterKeys.pictures(code).utf8),
            Array((create ? "create" : "append").utf8), Array(String(format: "%.3f", host.now).utf8), payload,
            Array((idempotencyKey ?? "").utf8), Array((expectedOffset.map(String.init) ?? "").utf8),
            Array(ClusterKeys.channel(code).utf8), Array(String(keyLifetime(of: code, entry: entry)).utf8),
            Array((replicaWaits.isNeeded ? "1" : "0").utf8),
        ]
        let byHash = [Array("EVALSHA".utf8), Array(scriptSHA.utf8), Array(AppendScript.keyCount.utf8)] + tail
        let started = ContinuousClock.now
        link.send(byHash) { [unowned self] reply in
            host.server.recordStoreAppend(since: started)
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
    /// first: an entry is applied (and so acknowledged or broadcast) only once a replica has it.
    private func appended(_ entry: ClusterEntry, to code: RoomCode, reply: RedisValue?, then: @escaping (AppendOutcome) -> Void) {
        let outcome = AppendOutcome(reply: reply)
        let pending: Int?
        switch outcome {
        case let .appended(offset, _), let .seen(offset): pending = offset
        case let .moved(last): pending = last
        case .exists, .unknown, .closed, .failed, .unreplicated: pending = nil
        }
        guard let pending, replicaWaits.isNeeded == true else {
            finishAppend(entry, to: code, outcome: outcome, then: then)
            return
        }
        awaitReplicas(of: code, upTo: pending) { [unowned self] failure in
            if let failure {
                host.logger.warning("room \(code): \(entry.kind.rawValue) at \(pending) not acknowledged: \(failure)")
                then(.unreplicated(failure))
            } else {
                finishAppend(entry, to: code, outcome: outcome, then: then)
            }
        }
    }

    private func finishAppend(_ entry: ClusterEntry, to code: RoomCode, outcome: AppendOutcome, then: (AppendOutcome) -> Void) {
        switch outcome {
        case let .appended(offset, at):
            received(entry, offset: offset, at: at, in: code)
        case let .failed(why):
            host.logger.warning("room \(code): cannot append \(entry.kind.rawValue): \(why)")
        case .seen, .moved, .exists, .unknown, .closed, .unreplicated:
            break
        }
        then(outcome)
    }

    /// An entry of the room's stream (from an append's answer, the channel or a catch-up read).
    func received(_ entry: ClusterEntry, offset: Int, at: ServerTime, in code: RoomCode) {
        if loading[code] != nil {
            loading[code]?.published.append((offset, at, entry))
            return
        }
        if replicas[code] == nil {
            // Only the room's first entry, from this node's own create, makes a room here unasked.
            guard entry.kind == .created, offset == 1, entry.node == instance else { return }
            replicas[code] = RoomReplica(code: code)
            lastLocalUse[code] = host.now
            link.subscribe(ClusterKeys.channel(code))
        }
        guard let replica = replicas[code], offset > replica.applied else { return }
        guard offset == replica.applied + 1 else {
            replicas[code]?.waiting[offset] = (at, entry)
            catchUp(code)
            return
        }
        applyEntry(entry, offset: offset, at: at, in: code)
        while let applied = replicas[code]?.applied, let next = replicas[code]?.waiting.removeValue(forKey: applied + 1) {
            applyEntry(next.entry, offset: applied + 1, at: next.at, in: code)
        }
        answerResends(in: code)
    }

    private func applyEntry(_ entry: ClusterEntry, offset: Int, at: ServerTime, in code: RoomCode) {
        // In place, as `RoomRegistry.handle` changes rooms: a copy would share the replica's
        // bindings with the one left in the dictionary, and the first write would copy them.
        guard let index = replicas.index(forKey: code) else { return }
        let effects = host.registry.apply(entry, offset: offset, at: at, to: &replicas.values[index], local: instance)
        learnWebhook(of: entry, in: code)
        guard entry.node == instance, let number = entry.connection, entry.kind == .created || entry.kind == .connected else {
            return host.apply(effects, in: code)
        }
        // This node's own create or join: answered as every store's are (`RoomDriver+Entry.swift`).
        let connection = host.session(numbered: ConnectionID(number))
        let bound = effects.lazy.compactMap { effect -> MemberID? in
            if case let .bind(_, member) = effect { member } else { nil }
        }.first
        if case .created = entry.kind, connection != nil, bound != nil { listClosingTime(of: code) }
        if connection == nil, let bound {
            // The connection closed while its join was on its way: it leaves again.
            append(.disconnected(node: instance, connection: number, member: bound), to: code)
        }
        host.answerEntry(effects, in: code, for: connection, created: entry.kind == .created)
    }

    /// Resends of applied swipes and undos get their acknowledgement once the room is there: the
    /// engine's answer on a copy of the room (nothing changes; a refusal is told again).
    func answerResends(in code: RoomCode) {
        guard let waiting = reacknowledgements[code], let applied = replicas[code]?.applied else { return }
        let due = waiting.filter { $0.offset <= applied }
        guard !due.isEmpty else { return }
        reacknowledgements[code] = waiting.filter { $0.offset > applied }
        for resend in due {
            var copy = host.registry
            let answers = copy.handle(.messageReceived(resend.member, resend.message), in: code, at: host.now).filter {
                if case let .send(_, to: member) = $0 { return member == resend.member } else { return false }
            }
            host.apply(answers, in: code)
        }
    }

    // MARK: loading and catching up

    /// Makes the room available here: subscribes to its channel, then reads its whole stream.
    func loadRoom(_ code: RoomCode, then done: @escaping (Bool) -> Void) {
        
        if replicas[code] != nil { done(true); return }
        guard outage == nil else { done(false); return }
        if loading[code] != nil {
            loading[code]?.waiters.append(done)
            return
        }
        loading[code] = RoomLoad(waiters: [done])
        link.subscribe(ClusterKeys.channel(code))   // the history is read once Redis confirms
    }

    func subscribed(_ channel: String) {
        guard let code = ClusterKeys.room(ofChannel: channel) else { return }
        if loading[code] != nil {
            readHistory(of: code)
        } else if replicas[code] != nil {
            catchUp(code)   // anything appended before the subscription took effect
        }
    }

    private func readHistory(of code: RoomCode) {
        readStream(of: code, from: "-", count: nil) { [unowned self] reply in
            guard let load = loading.removeValue(forKey: code) else { return }
            var replica = RoomReplica(code: code)
            var timer: ServerTime?
            host.registry.remove(code)
            for item in Self.streamEntries(reply) {
                guard let (offset, at, entry) = item else {
                    host.logger.error("room \(code): an entry of its stream cannot be read; the room is not served here")
                    host.registry.remove(code)
                    break
                }
                learnWebhook(of: entry, in: code)
                for effect in host.registry.apply(entry, offset: offset, at: at, to: &replica, local: instance) {
                    if case let .scheduleTimer(at) = effect { timer = at }
                    if case .cancelTimer = effect { timer = nil }
                }
            }
            guard reply != nil, host.registry.rooms[code] != nil else {
                host.registry.remove(code)
                link.unsubscribe(ClusterKeys.channel(code))
                load.waiters.forEach { $0(false) }
                return
            }
            replicas[code] = replica
            lastLocalUse[code] = host.now
            if let timer { host.timers.setRoomTimer(code, at: timer) }
            host.logger.debug("room \(code): loaded \(replica.applied) entries from the store")
            for published in load.published { received(published.entry, offset: published.offset, at: published.at, in: code) }
            load.waiters.forEach { $0(true) }
        }
    }

    /// Reads the entries after the last one applied (one read at a time per room).
    func catchUp(_ code: RoomCode) {
        guard let replica = replicas[code], !catchingUp.contains(code) else { return }
        catchingUp.insert(code)
        readStream(of: code, from: "\(replica.applied + 1)-0", count: 500) { [unowned self] reply in
            catchingUp.remove(code)
            guard reply != nil, let before = replicas[code]?.applied else { return }
            let entries = Self.streamEntries(reply).compactMap { $0 }
            if let first = entries.first, first.offset > before + 1 {
                host.logger.error("room \(code): the store no longer has entries \(before + 1)…\(first.offset - 1) (lost in a Redis restart?); reloading it")
                dropDiverged(code)
                return
            }
            for (offset, at, entry) in entries { received(entry, offset: offset, at: at, in: code) }
            if entries.count == 500 { catchUp(code) }
        }
    }

    /// This node's copy no longer matches the store: its members here reconnect and load it afresh.
    private func dropDiverged(_ code: RoomCode) {
        host.closeMembersHere(in: code, .tryAgainLater, "room reloading")
        forgetLocally(code)
    }

    /// The entries of an XRANGE reply: (offset, time, entry), nil for one that cannot be read.
    static func streamEntries(_ reply: RedisValue?) -> [(offset: Int, at: ServerTime, entry: ClusterEntry)?] {
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
            return (offset, at, entry)
        }
    }
}
