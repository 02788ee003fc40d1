// A node's rooms follow their logs: appending entries, applying them in offset order through the
// room engine, loading a room's history, filling gaps. Service thread only (the store's answers
// arrive inside the libev loop's turn); reaches the rooms through the RoomHost and the store
// through `SharedStore`.
import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms

extension SharedLogBackend {
    /// Appends `entry` to the room's log. An appended entry is applied here at once (before
    /// `then`), when it is the room's next; its echo from the store is then ignored.
    func append(_ entry: ClusterEntry, to code: RoomCode, create: Bool = false, idempotencyKey: String? = nil,
                expectedOffset: Int? = nil, then: @escaping (AppendOutcome) -> Void = { _ in }) {
        if let outage = outage { then(.failed(outage)); return }
        let options = AppendOptions(create: create, idempotencyKey: idempotencyKey, expectedOffset: expectedOffset,
                                    closesAt: create ? entry.room?.settings.closesAt : nil, keepFor: keepFor(code, entry: entry))
        let started = ContinuousClock.now
        store.append(entry, to: code, options) { [unowned self] outcome in
            host.server.recordStoreAppend(since: started)
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
            store.follow(code, true)
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

    /// Makes the room available here: follows its log, then reads all of it.
    func loadRoom(_ code: RoomCode, then done: @escaping (Bool) -> Void) {
        
        if replicas[code] != nil { done(true); return }
        guard outage == nil else { done(false); return }
        if loading[code] != nil {
            loading[code]?.waiters.append(done)
            return
        }
        loading[code] = RoomLoad(waiters: [done])
        store.follow(code, true)   // the history is read once the store says it follows
    }

    /// What is appended from now on reaches this node: the history can be read (a room being
    /// loaded), or anything appended before is read (a room here already).
    package func followed(_ code: RoomCode) {
        if loading[code] != nil {
            readHistory(of: code)
        } else if replicas[code] != nil {
            catchUp(code)   // anything appended before the subscription took effect
        }
    }

    private func readHistory(of code: RoomCode) {
        store.read(code, after: 0, limit: nil) { [unowned self] read in
            guard let load = loading.removeValue(forKey: code) else { return }
            var replica = RoomReplica(code: code)
            var timer: ServerTime?
            host.registry.remove(code)
            for item in read ?? [] {
                guard let item else {
                    host.logger.error("room \(code): an entry of its stream cannot be read; the room is not served here")
                    host.registry.remove(code)
                    break
                }
                learnWebhook(of: item.entry, in: code)
                for effect in host.registry.apply(item.entry, offset: item.offset, at: item.at, to: &replica, local: instance) {
                    if case let .scheduleTimer(at) = effect { timer = at }
                    if case .cancelTimer = effect { timer = nil }
                }
            }
            guard read != nil, host.registry.rooms[code] != nil else {
                host.registry.remove(code)
                store.follow(code, false)
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
        store.read(code, after: replica.applied, limit: 500) { [unowned self] read in
            catchingUp.remove(code)
            guard let read, let before = replicas[code]?.applied else { return }
            let entries = read.compactMap { $0 }
            if let first = entries.first, first.offset > before + 1 {
                host.logger.error("room \(code): the store no longer has entries \(before + 1)…\(first.offset - 1) (lost in a Redis restart?); reloading it")
                dropDiverged(code)
                return
            }
            for item in entries { received(item.entry, offset: item.offset, at: item.at, in: code) }
            if entries.count == 500 { catchUp(code) }
        }
    }

    /// This node's copy no longer matches the store: its members here reconnect and load it afresh.
    private func dropDiverged(_ code: RoomCode) {
        host.closeMembersHere(in: code, .tryAgainLater, "room reloading")
        forgetLocally(code)
    }
}
