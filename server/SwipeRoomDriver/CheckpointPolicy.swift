import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// When a room's state is stored beside the log (`RoomCheckpoint`), so a restart replays a bounded
/// tail: after every `interval` records of the room, and as soon as the room finishes (its tail is
/// then empty for good). Pure: the shell feeds it each batch's records.
///
/// ```swift
/// var policy = CheckpointPolicy(interval: 1000)
/// policy.roomsDue(after: records)   // ["K7QM-X4TD-9R"] once that room has 1000 records since its last checkpoint
/// ```
public struct CheckpointPolicy: Sendable {
    /// Records of one room between checkpoints; 0 stores none (every restart replays the whole log).
    public var interval: Int
    private var sinceLast: [RoomCode: Int] = [:]

    public init(interval: Int) { self.interval = interval }

    /// The rooms whose checkpoint should be stored with this batch, in the order they appear in it.
    ///
    /// ```swift
    /// let due = policy.roomsDue(after: [finishedRecord])   // [its room]
    /// ```
    public mutating func roomsDue(after records: [LogRecord]) -> [RoomCode] {
        guard interval > 0 else { return [] }
        var due: [RoomCode] = []
        for record in records {
            let count = (sinceLast[record.room] ?? 0) + 1
            sinceLast[record.room] = count
            var finished = false
            if case .phaseChanged(phase: .finished) = record.event { finished = true }
            if (count >= interval || finished), !due.contains(record.room) { due.append(record.room) }
        }
        for code in due { sinceLast[code] = 0 }
        return due
    }

    /// A room left the server (closed or evicted): nothing more to count.
    ///
    /// ```swift
    /// policy.forget("K7QM-X4TD-9R")
    /// ```
    public mutating func forget(_ code: RoomCode) { sinceLast[code] = nil }

    /// After a restart: each room starts with the records it replayed on top of its checkpoint.
    ///
    /// ```swift
    /// policy.restored(report.tailLengths)
    /// ```
    public mutating func restored(_ tailLengths: [RoomCode: Int]) {
        for (code, count) in tailLengths { sinceLast[code] = count }
    }
}
