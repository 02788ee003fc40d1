// Shell: one WebSocketClientLoop and the rooms whose members all live on it. `handle` runs on the
// loop's service thread; `tick`, `start` and `snapshot` run on the main thread. Both take `lock`
// before touching `rooms`, `connections`, `owners` or `stats`.
import Foundation
import SwipeClient
import SwipeProtocol

final class LoadShard: @unchecked Sendable {
    private let lock = NSLock()
    private var rooms: [LoadRoom]
    private var connections: [[ConnectionID?]]
    private var owners: [Int: (room: Int, slot: Int)] = [:]
    private var stats = LoadStats()
    private var pendingConnects: [(room: Int, slot: Int)] = []
    private var inFlight = 0
    private let maxInFlight: Int
    private let validate: Bool
    private var loop: WebSocketClientLoop?
    private var target: LoadTarget?
    private var stopping = false
    private var reportedErrors = 0

    init(rooms: [LoadRoom], maxInFlightConnects: Int, validate: Bool) {
        self.rooms = rooms
        connections = rooms.map { Array(repeating: nil, count: $0.memberCount) }
        maxInFlight = maxInFlightConnects
        self.validate = validate
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Creates the client loop and starts connecting every member (hosts first), each to the node
    /// `target.url(room:member:)` picks for it.
    func start(target: LoadTarget, deflate: Bool) throws {
        let loop = try WebSocketClientLoop(deflate: deflate, maxMessageBytes: 4 << 20, epoll: true,
                                           tls: target.urls.contains { $0.scheme.usesTLS }) { [self] event in handle(event) }
        lock.lock()
        defer { lock.unlock() }
        self.loop = loop
        self.target = target
        for room in rooms.indices { pendingConnects.append((room, 0)) }
        for room in rooms.indices { for slot in 1..<max(1, rooms[room].memberCount) { pendingConnects.append((room, slot)) } }
        pendingConnects.reverse()
        stats.firstConnectAt = Self.now()
        connectMore()
    }

    private func connectMore() {
        guard let loop, let target else { return }
        while inFlight < maxInFlight, let next = pendingConnects.popLast() {
            let id = loop.connect(target.url(room: rooms[next.room].index, member: next.slot))
            owners[id.raw] = next
            connections[next.room][next.slot] = id
            inFlight += 1
        }
    }

    func handle(_ event: WebSocketClientEvent) {
        lock.lock()
        defer { lock.unlock() }
        // Read the clock under the lock: the service thread and the ticking main thread then hand
        // the rooms times that never go backwards (a stale earlier `now` once made a just-sent
        // vote look five seconds late, and the room skipped a card the server was still on).
        let now = Self.now()
        switch event {
        case .connected(let id):
            inFlight -= 1
            stats.connected += 1
            stats.lastConnectedAt = now
            connectMore()
            guard let owner = owners[id.raw] else { return }
            apply(rooms[owner.room].handle(.connected(slot: owner.slot), at: now), room: owner.room)
        case let .connectFailed(id, reason, _):
            inFlight -= 1
            stats.connectFailures += 1
            if stats.connectFailures <= 3 { FileHandle.standardError.write(Data("swipe-bench: \(reason)\n".utf8)) }
            owners[id.raw] = nil
            connectMore()
        case let .closed(id, code, reason):
            owners[id.raw] = nil
            if stopping { return }
            stats.closedEarly += 1
            if stats.closedEarly <= 3 {
                FileHandle.standardError.write(Data("swipe-bench: connection closed (\(code.map(String.init) ?? "-")) \(reason)\n".utf8))
            }
        case let .message(id, bytes):
            stats.deliveries += 1
            guard let owner = owners[id.raw] else { return }
            let event: LoadRoom.Event
            switch ServerFrame.classify(bytes, validate: validate) {
            case let .tally(card, voted): event = .tally(slot: owner.slot, card: card, voted: voted)
            case .cardState(let x): event = .cardState(slot: owner.slot, x: x)
            case .welcome(let code): event = .welcome(slot: owner.slot, room: code)
            case .phase(let phase):
                guard phase == "voting" else { return }
                event = .votingStarted(slot: owner.slot)
            case let .error(code, message):
                reportedErrors += 1
                if reportedErrors <= 3 {
                    FileHandle.standardError.write(Data("swipe-bench: server error \(code): \(message.prefix(300))\n".utf8))
                }
                event = .serverError(slot: owner.slot, code: code, aboutVote: message.hasPrefix("swipe"))
            case .other:
                return
            case .undecodable(let why):
                stats.problem("undecodable: \(why)")
                return
            }
            apply(rooms[owner.room].handle(event, at: now), room: owner.room)
        }
    }

    /// Drives drags and vote pacing; called about every 10 ms from the main thread.
    func tick() {
        lock.lock()
        defer { lock.unlock() }
        let now = Self.now()
        for room in rooms.indices where rooms[room].isVoting {
            apply(rooms[room].handle(.tick, at: now), room: room)
        }
    }

    private func apply(_ effects: [LoadRoom.Effect], room: Int) {
        for effect in effects {
            switch effect {
            case let .send(slot, message):
                guard let loop, let id = connections[room][slot], let bytes = try? WireCodec.encode(message) else {
                    stats.problem("could not send")
                    continue
                }
                loop.send(bytes, on: id)
            case .voteLatency(let ns): stats.recordVote(nanoseconds: ns)
            case .dragLatency(let ns): stats.recordDrag(nanoseconds: ns)
            case .problem(let what): stats.problem(what)
            }
        }
    }

    /// Counts, under the lock: (connected, rooms voting, completed votes).
    func progress() -> LoadProgress {
        lock.lock()
        defer { lock.unlock() }
        return LoadProgress(connected: stats.connected, failed: stats.connectFailures + stats.closedEarly,
                            joinedRooms: rooms.filter(\.isFullyJoined).count, votingRooms: rooms.filter(\.isVoting).count,
                            votes: rooms.reduce(0) { $0 + $1.votesCompleted }, deliveries: stats.deliveries)
    }

    func resetForMeasurement() {
        lock.lock()
        stats.resetForMeasurement()
        lock.unlock()
    }

    func snapshot() -> LoadStats {
        lock.lock()
        defer { lock.unlock() }
        return stats
    }

    /// The code of one of this shard's rooms, once known.
    func roomCode(_ index: Int) -> RoomCode? {
        lock.lock()
        defer { lock.unlock() }
        return rooms.indices.contains(index) ? rooms[index].code : nil
    }

    func stop() {
        lock.lock()
        stopping = true
        let loop = self.loop
        lock.unlock()
        loop?.shutdown()
    }
}

/// A progress sample summed over shards.
struct LoadProgress {
    var connected = 0
    var failed = 0
    var joinedRooms = 0
    var votingRooms = 0
    var votes = 0
    var deliveries = 0

    static func + (a: LoadProgress, b: LoadProgress) -> LoadProgress {
        LoadProgress(connected: a.connected + b.connected, failed: a.failed + b.failed,
                     joinedRooms: a.joinedRooms + b.joinedRooms, votingRooms: a.votingRooms + b.votingRooms,
                     votes: a.votes + b.votes, deliveries: a.deliveries + b.deliveries)
    }
}
