// The records a cluster keeps in Redis beside the rooms' streams (`SharedStore.records`): a
// shared record is a key of its own (`SET`, `GET`, `EXISTS`, `DEL`), a room's record a field of
// the room's hash (`HSET`, `HGET`, …), a schedule a sorted set by time, a window and an owner's
// rooms a sorted set each, changed by one script so no two nodes see half a change. Service thread
// only (Redis answers inside the libev loop's turn); touches this log's link.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension RedisRoomLog {
    package func records(_ request: SharedRecordRequest, then: @escaping (SharedRecordAnswer?) -> Void) {
        guard let link, outage == nil else { return then(nil) }
        switch request {
        case let .put(key, value, lifetime, onlyIfAbsent):
            put(key, value, lifetime: lifetime, onlyIfAbsent: onlyIfAbsent, on: link, then: then)
        case let .get(key):
            link.send(Self.command(key, shared: "GET", inRoom: "HGET")) { reply in
                switch reply {
                case let .string(bytes)?: then(.value(bytes))
                case .null?: then(.value(nil))
                case nil, .integer?, .array?, .status?, .error?: then(nil)
                }
            }
        case let .has(keys):
            gather(keys.map { Self.command($0, shared: "EXISTS", inRoom: "HEXISTS") }, on: link) { replies in
                let present = replies.compactMap { $0?.integer.map { $0 > 0 } }
                then(present.count == keys.count ? .present(present) : nil)
            }
        case let .remove(keys):
            gather(keys.map { Self.command($0, shared: "DEL", inRoom: "HDEL") }, on: link) { replies in
                then(replies.allSatisfy { $0?.integer != nil } ? .done(true) : nil)
            }
        case let .schedule(member, schedule, at):
            let key = ClusterKeys.schedule(schedule.name)
            let command = at.map { ["ZADD", key, String(format: "%.0f", $0), member] } ?? ["ZREM", key, member]
            link.send(command) { reply in then(reply?.integer != nil ? .done(true) : nil) }
        case let .takeDue(schedule, at, limit, holdUntil):
            let key = ClusterKeys.schedule(schedule.name)
            let command = holdUntil.map { ["EVAL", LimitScripts.takeDue, "1", key, String(format: "%.0f", at), String(limit), String(format: "%.0f", $0)] }
                ?? ["ZRANGEBYSCORE", key, "-inf", String(format: "%.0f", at), "LIMIT", "0", String(limit)]
            link.send(command) { reply in
                guard case let .array(items)? = reply else { return then(nil) }
                then(.members(items.compactMap(\.text)))
            }
        case let .count(key, at, window, keep):
            eventsCounted += 1
            let arguments = ["EVAL", LimitScripts.window, "1", Self.name(key), String(format: "%.3f", at), String(window), String(keep),
                             "\(tag):\(eventsCounted)"]
            link.send(arguments) { reply in then(LimitScripts.ages(from: reply).map(SharedRecordAnswer.ages)) }
        case let .admit(code, owner, cap, idleAfter, at):
            let arguments = ["EVAL", LimitScripts.admitRoom, "1", Self.name(owner), String(format: "%.3f", at), String(cap),
                             code.rawValue, String(idleAfter), ClusterKeys.roomPrefix, String(configuration.roomLifetimeSeconds)]
            link.send(arguments) { reply in then(LimitScripts.admitted(reply).map(SharedRecordAnswer.done)) }
        }
    }

    /// `SET` (with `NX`, `PX`) for a shared record; `HSET` or `HSETNX` into the room's hash for a
    /// room's (it lives with the room: the append script refreshes its lifetime).
    private func put(_ key: SharedKey, _ value: [UInt8], lifetime: ServerTime?, onlyIfAbsent: Bool, on link: RedisLink,
                     then: @escaping (SharedRecordAnswer?) -> Void) {
        switch key {
        case .shared:
            var command = [Array("SET".utf8), Array(Self.name(key).utf8), value]
            if onlyIfAbsent { command.append(Array("NX".utf8)) }
            if let lifetime { command += [Array("PX".utf8), Array(String(Int(lifetime.rounded(.up))).utf8)] }
            link.send(command) { reply in
                switch reply {
                case .status?: then(.done(true))
                case .null?: then(.done(false))
                case nil, .string?, .integer?, .array?, .error?: then(nil)
                }
            }
        case let .inRoom(_, id):
            let hash = Self.name(key)
            link.send([Array((onlyIfAbsent ? "HSETNX" : "HSET").utf8), Array(hash.utf8), Array(id.utf8), value]) { reply in
                guard let written = reply?.integer else { return then(nil) }
                then(.done(!onlyIfAbsent || written == 1))
            }
            link.send(["EXPIRE", hash, String(configuration.roomLifetimeSeconds)])
        }
    }

    /// The Redis name of a shared record (a room's record's hash, for one of a room).
    static func name(_ key: SharedKey) -> String {
        switch key {
        case let .shared(space, id): ClusterKeys.record(space: space, id: id)
        case let .inRoom(code, _): ClusterKeys.records(code)
        }
    }

    /// `shared KEY` for a shared record, `inRoom HASH FIELD` for a room's.
    static func command(_ key: SharedKey, shared: String, inRoom: String) -> [String] {
        switch key {
        case .shared: [shared, name(key)]
        case let .inRoom(_, id): [inRoom, name(key), id]
        }
    }

    /// Sends every command, and hands `then` their replies in order once the last has come.
    private func gather(_ commands: [[String]], on link: RedisLink, then: @escaping ([RedisValue?]) -> Void) {
        guard !commands.isEmpty else { return then([]) }
        var replies = [RedisValue?](repeating: nil, count: commands.count)
        var left = commands.count
        for (index, command) in commands.enumerated() {
            link.send(command) { reply in
                replies[index] = reply
                left -= 1
                if left == 0 { then(replies) }
            }
        }
    }
}
