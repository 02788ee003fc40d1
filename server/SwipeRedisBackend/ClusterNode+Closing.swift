// Rooms with a closing time in a cluster: a sorted set in the store lists them by closing time,
// so that whichever node looks first loads a due room that no node holds and lets its timer close
// it; the `timerFired` entry is appended only if the stream has not moved (`clusterTimerDue`), so
// the close happens once however many nodes race for it. Service thread only; reaches the server
// through its RoomHost (the registry, the clock).
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension ClusterNode {
    /// How many due rooms one look loads at most.
    static let closingBatch = 20

    /// A room with a closing time was created here: listed by its closing time (ms since 1970).
    func listClosingTime(of code: RoomCode) {
        guard let closesAt = host.registry.rooms[code]?.settings.closesAt else { return }
        link.send(["ZADD", ClusterKeys.closing, String(format: "%.0f", closesAt), code.rawValue])
    }

    /// On the heartbeat: the listed rooms whose closing time has come. One held here closes by its
    /// own timer; one no node holds is loaded, and its timer (due at once) closes it. A room that
    /// is decided, or gone from the store, leaves the list.
    func closeDueRooms() {
        let now = host.now   // the wall clock in a cluster
        link.send(["ZRANGEBYSCORE", ClusterKeys.closing, "-inf", String(format: "%.0f", now), "LIMIT", "0", String(Self.closingBatch)]) { [unowned self] reply in
            guard case let .array(items)? = reply else { return }
            for code in items.compactMap({ $0.text.map { RoomCode($0) } }) where loading[code] == nil {
                if let room = host.registry.rooms[code] {
                    if room.isSealed { host.timers.setRoomTimer(code, at: min(host.now, room.nextWakeup ?? host.now)) } else { unlistClosingTime(of: code) }
                    continue
                }
                loadRoom(code) { [unowned self] loaded in
                    guard loaded, let room = host.registry.rooms[code] else {
                        unlistClosingTime(of: code)   // expired or unreadable: nothing left to close
                        return
                    }
                    if !room.isSealed { unlistClosingTime(of: code) }
                }
            }
        }
    }

    /// How long a room's keys live after an append (s): the configured lifetime, or for a room with
    /// a closing time until `--keep-decided` after it, if that is later.
    ///
    /// ```swift
    /// keyLifetime(of: code, entry: entry)   // 604_800 for a room without a closing time
    /// ```
    func keyLifetime(of code: RoomCode, entry: ClusterEntry) -> Int {
        guard let closesAt = host.registry.rooms[code]?.settings.closesAt ?? entry.room?.settings.closesAt else {
            return configuration.roomLifetimeSeconds
        }
        // The one forget rule (`RoomLifetime`): the node's clock is the wall clock in a cluster.
        let forgetAt = host.rules.lifetime.forgetAt(closesAt: closesAt, lastLeft: host.now, onlyItsCreator: false)
        let untilForgotten = ((forgetAt - host.now) / 1000).rounded(.up)
        return max(configuration.roomLifetimeSeconds, Int(min(untilForgotten, 400 * 86_400)))
    }

    /// Sets `key` once over every node (`SET NX`): true to the one node that set it.
    func claimOnce(_ key: String, then: @escaping (Bool) -> Void) {
        guard outage == nil else { then(false); return }
        link.send(["SET", ClusterKeys.once(key), instance, "NX", "EX", String(30 * 86_400)]) { reply in
            then(reply?.text == "OK")
        }
    }

    /// A `created` entry applied here (live or from the room's history) names the room's webhook:
    /// the server sends the room's events there, whichever node decides it.
    func learnWebhook(of entry: ClusterEntry, in code: RoomCode) {
        guard entry.kind == .created, let url = entry.room?.notify else { return }
        host.server.roomHasWebhook(code, url: url)
    }

    /// The room closed (or is gone): nothing more to wake for.
    func unlistClosingTime(of code: RoomCode) {
        link.send(["ZREM", ClusterKeys.closing, code.rawValue])
    }
}
