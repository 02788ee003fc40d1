// Rooms whose inputs this process orders itself, kept by any `RoomStore` (the SQLite log, memory)
// or by none (`--data :memory:`): inputs go straight to the registry; records go to the store
// before anything acknowledges them (`LocalBackend+Store.swift`); hibernation and a sleeping
// room's close are here once for every such store (`LocalBackend+Hibernation.swift`).
// Service thread only (its `restore` runs at start, before that thread exists); reaches the rooms
// through its RoomHost (the driver: the registry, `apply`, the timers) and the store through
// `RoomStore` alone.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// The driver's backend for stores that keep one process's rooms: the registry applies each input
/// at once; abandoned and sleeping rooms are forgotten here; the store only keeps and gives back.
///
/// ```swift
/// let backend = LocalBackend(host: driver, store: SQLiteRoomStore(directory: "/var/lib/swipedeck"), checkpointInterval: 1000)
/// try backend.restore()   // opens the store and brings its rooms back
/// ```
package final class LocalBackend: RoomBackend {
    /// This store's metrics: one log transaction (records and checkpoints together); no link.
    package static let metricNames = StoreMetricNames(appendSeconds: "swipedeck_log_append_seconds")
    unowned let host: any RoomHost
    /// What keeps the rooms, once `restore` has opened it (nil: they live only as long as the process).
    package internal(set) var store: (any RoomStore)?
    /// The store `restore` opens (nil: none).
    package let storeToOpen: (any RoomStore)?
    /// When rooms' checkpoints are stored with their records.
    var checkpointPolicy: CheckpointPolicy
    /// Set once a log write failed: nothing more is written or acknowledged, the server stops.
    package var storageFailure: String?
    /// Uploaded pictures by room and tag, when there is no store to keep them (`--data :memory:`).
    var pictures: [RoomCode: [String: PictureAsset]] = [:]
    /// How often rooms past their lifetime are looked for (ms): twice within the shortest of
    /// `--unjoined-room-timeout`, `--abandoned-room-timeout` and `--keep-decided`, at most a minute apart.
    package let evictionInterval: ServerTime
    /// Rooms asleep in the store, by code (`LocalBackend+Hibernation.swift`).
    package var hibernated: [RoomCode: SleepingRoom] = [:]
    /// The open sleeping rooms' closing times, earliest first (only the first is on the timers).
    var sleepingCloses = SleepingCloses()

    package init(host: any RoomHost, store: (any RoomStore)?, checkpointInterval: Int = 1000) {
        self.host = host
        storeToOpen = store
        checkpointPolicy = CheckpointPolicy(interval: checkpointInterval)
        let lifetime = host.rules.lifetime
        evictionInterval = RoomDriver.checkInterval(within: min(lifetime.unjoined, lifetime.abandoned, lifetime.keepDecided))
        host.timers.evictionCheck = host.now + evictionInterval
    }

    package func restore() throws { try openStore() }

    package func start(eventLoop: UnsafeMutableRawPointer?) throws {}

    // MARK: rooms: at once, in this process

    package func roomInput(_ message: ClientMessage, from member: MemberID, of connection: RoomSession, in code: RoomCode,
                           at time: ServerTime) -> [RoomEffect] {
        kept(host.registry.handle(.messageReceived(member, message), in: code, at: time)) ?? []
    }

    package func findRoom(_ code: RoomCode, then: @escaping (Bool) -> Void) { then(host.registry.rooms[code] != nil || wake(code)) }

    package func createRoom(_ request: CreateRoom, pictures uploads: [String: PictureAsset], for connection: RoomSession, at time: ServerTime) {
        if host.registry.rooms.count + hibernated.count >= host.rules.maxOpenRooms {
            return host.endEntry(connection, telling: ProtocolError(.tooManyRooms,
                                                                    "create: this server keeps \(host.rules.maxOpenRooms) open rooms already (--max-open-rooms)"))
        }
        // Memory full (--max-rooms): the rooms nobody is in go to sleep first, however recently left.
        if host.registry.rooms.count >= host.registry.limits.maxRooms { host.letIdleRoomsGo(at: time, idleFor: 0) }
        let result = host.registry.create(request, from: connection.id, uploaded: Set(uploads.keys), at: time)
        if let code = result.room {
            // Its pictures are durable before its record, and so before the welcome.
            let named = picturesNamed(by: host.registry.rooms[code]?.cards ?? [], among: uploads)
            guard named.isEmpty || keepPictures(named, of: code) else { return host.endEntry(connection, telling: nil) }   // the server stops
        }
        answer(result.effects, in: result.room, for: connection, created: true)
    }

    package func joinRoom(_ request: JoinRoom, in code: RoomCode, for connection: RoomSession, at time: ServerTime) {
        let result = host.registry.join(request, from: connection.id, at: time)
        answer(result.effects, in: result.room, for: connection, created: false)
    }

    /// The registry's answer to a create or join, its records kept first (a store that cannot
    /// keep them stops the server: the entry ends unanswered).
    private func answer(_ effects: [RoomEffect], in code: RoomCode?, for connection: RoomSession, created: Bool) {
        guard let effects = kept(effects) else { return host.endEntry(connection, telling: nil) }
        host.answerEntry(effects, in: code, for: connection, created: created)
    }

    /// Never: the store is this process's, and a failure stops the server instead.
    package var unavailable: ProtocolError? { nil }

    package func makeWayForCreate(among rooms: [RoomCode], from address: String) -> Bool {
        guard let left = host.registry.leftUnjoined(among: rooms).first else { return false }
        host.registry.remove(left)
        evicted(left, why: "its address \(address) reached --max-rooms-per-address and it was left unjoined")
        return true
    }

    package func memberDisconnected(_ member: MemberID, of connection: RoomSession, in code: RoomCode, grace: ServerTime,
                                    at time: ServerTime) -> [RoomEffect] {
        kept(host.registry.handle(.memberDisconnected(member, grace: grace), in: code, at: time)) ?? []
    }

    package func timerDue(_ code: RoomCode, at time: ServerTime) -> [RoomEffect] {
        if host.registry.rooms[code] == nil {   // a sleeping room's close, as every store's (`RoomHost+Closing.swift`)
            host.closeWhenDue([code], find: findRoom) { [unowned self] code in   // a woken room armed the next itself
                sleepingCloses.remove(code)
                armNextSleepingClose()
            }
            // Woken at once from this machine's store: its timer, now due, fires in this same turn.
            guard let due = host.timers.roomTimers[code], due <= time else { return [] }
            host.timers.cancelRoomTimer(code)
        }
        return kept(host.registry.handle(.timerFired, in: code, at: time)) ?? []
    }

    package func serviceTurn(at time: ServerTime) {
        guard let check = host.timers.evictionCheck, time >= check else { return }
        host.timers.evictionCheck = time + evictionInterval
        let lifetime = host.rules.lifetime
        for code in host.registry.evictAbandoned(idle: lifetime.abandoned, unjoinedIdle: lifetime.unjoined,
                                                 keepDecided: lifetime.keepDecided, at: time) {
            evicted(code, why: "nobody connected")
        }
        for code in evictHibernated(at: time) { evicted(code, why: "nobody connected (it was hibernated)") }
    }

    /// A room the registry has just evicted: the driver forgets it as it does a closed room (its
    /// members, timer and creator's count), and it goes out of the store.
    func evicted(_ code: RoomCode, why: String) {
        host.roomForgotten(code)
        forgetStored(code)
        host.logger.info("room \(code) evicted: \(why) (and forgotten in \(store?.name ?? "memory"))")
    }

    package func failedLookupRecorded(from address: String, at time: ServerTime) {}

    package func roomClosed(_ code: RoomCode) { forgetStored(code) }

    package func shuttingDown() {}

    package func stop() {}

    // MARK: health and HTTP: one machine, nothing to wait for

    package var health: StoreHealth { StoreHealth() }


    /// A hibernated room is woken at once (one read of the store on this thread); nothing waits.
    package func waitForRoom(_ code: RoomCode, path: String, request: HTTPRequestID) -> Bool {
        wake(code)
        return false
    }

    package func httpAnswerReady(_ request: HTTPRequestID) -> String? { nil }

    /// One machine: its own decks' pictures, and its rooms' uploads (`LocalBackend+Pictures.swift`), at once.
    package func waitForPicture(_ etag: String, in code: RoomCode, path: String, request: HTTPRequestID) -> Bool {
        if host.registry.rooms[code] == nil { wake(code) }
        return false
    }

    package func httpClosed(_ request: HTTPRequestID) {}
}
