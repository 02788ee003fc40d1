import SwipeCore
import SwipeProtocol

/// What `RoomRegistry.restore(from:at:)` brought back.
///
/// ```swift
/// let report = try registry.restore(from: records, at: 0)
/// report.rooms      // ["K7QM-X4TD-9R"]
/// report.closed     // rooms whose log ends closed (not restored; their log may be forgotten)
/// ```
public struct RestoreReport: Sendable {
    /// Rooms restored, in order of creation.
    public var rooms: [RoomCode] = []
    /// Rooms whose log ends with the room closed: not restored.
    public var closed: [RoomCode] = []
    /// Timer effects the restored rooms ask for, per room.
    public var effects: [RoomCode: [RoomEffect]] = [:]
    /// How many log records each restored room replayed (on top of its checkpoint, if any).
    public var tailLengths: [RoomCode: Int] = [:]
}

extension RoomRegistry {
    /// Rebuilds every room from the log (all rooms' records, oldest first). Closed rooms stay
    /// closed (not restored); every restored member is offline until they resume with their token,
    /// and in lockstep still counts as a voter for `grace` ms (`Room.restarted(at:grace:)`);
    /// a timed lockstep card's timer starts afresh at `now`. Throws `RestoreError` naming the room
    /// and record when a room's log cannot be replayed or its code is already running.
    ///
    /// ```swift
    /// var registry = RoomRegistry(library: .bundled())
    /// let report = try registry.restore(from: records, at: now, grace: 60_000)
    /// ```
    public mutating func restore(from records: [LogRecord], at now: ServerTime,
                                 grace: ServerTime = Room.defaultRestartGrace) throws -> RestoreReport {
        try restore(checkpoints: [], tail: records, at: now, grace: grace)
    }

    /// The same from checkpoints and the records after them: each room starts from its checkpoint
    /// (if it has one) and replays only its own records in `tail` (oldest first).
    ///
    /// ```swift
    /// let report = try registry.restore(checkpoints: saved, tail: recordsAfter, at: now)
    /// report.tailLengths["K7QM-X4TD-9R"]   // records replayed on top of its checkpoint
    /// ```
    public mutating func restore(checkpoints: [RoomCheckpoint], tail: [LogRecord], at now: ServerTime,
                                 grace: ServerTime = Room.defaultRestartGrace) throws -> RestoreReport {
        var order: [RoomCode] = []
        var byRoom: [RoomCode: [LogRecord]] = [:]
        var saved: [RoomCode: RoomCheckpoint] = [:]
        for checkpoint in checkpoints {
            if saved[checkpoint.code] == nil { order.append(checkpoint.code) }
            saved[checkpoint.code] = checkpoint
        }
        for record in tail {
            if byRoom[record.room] == nil && saved[record.room] == nil { order.append(record.room) }
            byRoom[record.room, default: []].append(record)
        }
        var report = RestoreReport()
        for code in order {
            if rooms[code] != nil {
                throw RestoreError(room: code, record: 0, message: "a room with this code is already running")
            }
            let records = byRoom[code] ?? []
            var room = try Room.restore(checkpoint: saved[code], tail: records, maxMembers: limits.maxMembersPerRoom,
                                        animationLead: limits.animationLead)
            room.proposalCaps = limits.roomProposalCaps
            room.wallClockAtZero = limits.wallClockAtZero
            if room.phase == .closed {
                report.closed.append(code)
                continue
            }
            report.effects[code] = room.restarted(at: now, grace: grace)
            report.tailLengths[code] = records.count
            rooms[code] = room
            report.rooms.append(code)
        }
        return report
    }
}
