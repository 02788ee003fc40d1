// The records a `MemoryCluster` keeps beside the logs, answered as Redis answers them
// (`RedisRoomLog+Records`): values with a lifetime, each room's records, schedules, windows and
// owners' rooms. Service thread only (a test's thread), from `deliver`.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension MemoryCluster {
    /// What the store answers `request` at `time` (the asking node's clock).
    func answer(_ request: SharedRecordRequest, at time: ServerTime) -> SharedRecordAnswer {
        switch request {
        case let .put(key, value, lifetime, onlyIfAbsent):
            if onlyIfAbsent, self.value(key, at: time) != nil { return .done(false) }
            switch key {
            case .shared: values[Self.name(key)] = (value, lifetime.map { time + $0 })
            case let .inRoom(code, id): roomRecords[code, default: [:]][id] = value
            }
            return .done(true)
        case let .get(key):
            return .value(value(key, at: time))
        case let .has(keys):
            return .present(keys.map { value($0, at: time) != nil })
        case let .remove(keys):
            for key in keys {
                switch key {
                case .shared: values[Self.name(key)] = nil
                case let .inRoom(code, id): roomRecords[code]?[id] = nil
                }
            }
            return .done(true)
        case let .schedule(member, schedule, at):
            schedules[schedule, default: [:]][member] = at
            return .done(true)
        case let .takeDue(schedule, at, limit, holdUntil):
            let due = (schedules[schedule] ?? [:]).filter { $0.value <= at }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
            let taken = due.prefix(limit).map(\.key)
            if let holdUntil { for member in taken { schedules[schedule]?[member] = holdUntil } }
            return .members(taken)
        case let .count(key, at, window, keep):
            let name = Self.name(key)
            let kept = ((windows[name] ?? []).filter { $0 > at - window } + [at]).suffix(keep)
            windows[name] = Array(kept)
            return .ages(kept.map { at - $0 })
        case let .admit(code, owner, cap, idleAfter, at):
            let name = Self.name(owner)
            let open = (owned[name] ?? [:]).filter { room, since in
                guard let log = logs[room] else { return at - since <= 10_000 }
                return !log.closed && at - (log.entries.last?.at ?? since) <= idleAfter
            }
            owned[name] = open
            guard open.count < cap else { return .done(false) }
            owned[name, default: [:]][code] = at
            return .done(true)
        }
    }

    /// The value under `key`, if it is there and alive at `time`.
    private func value(_ key: SharedKey, at time: ServerTime) -> [UInt8]? {
        switch key {
        case .shared:
            guard let kept = values[Self.name(key)], (kept.until ?? .infinity) > time else { return nil }
            return kept.value
        case let .inRoom(code, id):
            return roomRecords[code]?[id]
        }
    }

    private static func name(_ key: SharedKey) -> String {
        switch key {
        case let .shared(space, id): space + ":" + id
        case let .inRoom(code, id): code.rawValue + "/" + id
        }
    }
}
