// Writes a data directory's log the way a long-running swipe-server would have: many lockstep
// rooms voting at once through the real room engine, records appended through the server's own
// store (`SQLiteRoomStore`) with its checkpoint policy, finished rooms evicted (archived) past a
// cap. Main thread; touches only the data directory it is given.
import Foundation
import SwipeCore
import SwipeSQLiteStore
import SwipeProtocol
import SwipeRoomDriver
import SwipeRooms
import SwipeServer

/// The shape of the history to write.
struct RestartLogShape {
    var events = 1_000_000
    /// Rooms voting at the same time.
    var activeRooms = 100
    /// Rooms kept on the server (voting and finished); older finished rooms are evicted.
    var keptRooms = 300
    var members = 6
    var cards = 40
    var checkpointEvery = 1000
    /// Engine events per store transaction (the shell writes one per event; batching only speeds the writing up).
    var eventsPerTransaction = 200
}

/// What was written.
struct RestartLogSummary {
    var records = 0
    var roomsCreated = 0
    var roomsEvicted = 0
    var liveRooms = 0
}

enum RestartLogWriter {
    static func write(_ shape: RestartLogShape, to directory: String, progress: (Int) -> Void) throws -> RestartLogSummary {
        let store = SQLiteRoomStore(directory: directory)
        _ = try store.open()
        var registry = RoomRegistry(library: .bundled(), limits: RegistryLimits(maxRooms: shape.keptRooms + shape.activeRooms + 1),
                                    random: SeededRandom(seed: 1))
        var policy = CheckpointPolicy(interval: shape.checkpointEvery)
        var random = SplitMix64(seed: 7)
        var summary = RestartLogSummary()
        var active: [(code: RoomCode, members: [MemberID])] = []
        var finished: [RoomCode] = []
        var pending: [LogRecord] = []
        var now: ServerTime = 0
        var connection = 0
        let cards = (0..<shape.cards).map { Card(id: CardID("c\($0)"), title: "Card \($0) with a title of a usual length") }

        func keep(_ effects: [RoomEffect]) {
            for case let .append(record) in effects { pending.append(record) }
        }
        func flush() throws {
            guard !pending.isEmpty else { return }
            try store.append(pending, checkpoints: policy.roomsDue(after: pending).compactMap { registry.rooms[$0]?.checkpoint }, at: now)
            summary.records += pending.count
            progress(summary.records)
            pending = []
        }

        var steps = 0
        while summary.records + pending.count < shape.events {
            now += 1
            if active.count < shape.activeRooms {
                connection += 1
                let made = registry.create(CreateRoom(name: "Host", cards: cards, rule: .majority, pacing: .lockstep),
                                           from: ConnectionID(connection), at: now)
                guard let code = made.room else { throw ValidationFailure("could not create a room: \(made.effects)") }
                keep(made.effects)
                var members: [MemberID] = ["m1"]
                for index in 1..<shape.members {
                    connection += 1
                    let joined = registry.join(JoinRoom(room: code, name: "Member \(index)"), from: ConnectionID(connection), at: now)
                    keep(joined.effects)
                    members.append(MemberID("m\(index + 1)"))
                }
                keep(registry.handle(.messageReceived("m1", .host(HostCommand(command: .start))), in: code, at: now))
                active.append((code, members))
                summary.roomsCreated += 1
            } else {
                let slot = Int(random.next() % UInt64(active.count))
                let (code, members) = active[slot]
                guard let room = registry.rooms[code] else { active.remove(at: slot); continue }
                if room.phase == .finished {
                    active.remove(at: slot)
                    finished.append(code)
                    if finished.count + active.count > shape.keptRooms, !finished.isEmpty {
                        let evicted = finished.removeFirst()
                        try flush()
                        registry.remove(evicted)
                        policy.forget(evicted)
                        try store.forget(evicted)
                        summary.roomsEvicted += 1
                    }
                    continue
                }
                let top = room.currentIndex < room.cards.count ? room.cards[room.currentIndex].id : nil
                let voter = members[Int(random.next() % UInt64(members.count))]
                if let top {
                    let direction = [SwipeDirection.right, .left, .up][Int(random.next() % 3)]
                    keep(registry.handle(.messageReceived(voter, .swipe(SwipeVote(card: top, direction: direction))), in: code, at: now))
                }
            }
            steps += 1
            if steps % shape.eventsPerTransaction == 0 { try flush() }
        }
        try flush()
        summary.liveRooms = registry.rooms.count
        return summary
    }
}

struct ValidationFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
