import SwipeBackend
import Foundation
import SwipeProtocol
import SwipeRooms
import SwipeStore

/// How hard each log commit waits for the disk (SwipeStore's `Durability`, re-exported for the server's configuration).
///
/// ```swift
/// configuration.durability = .full   // an fsync per commit: survives a power cut
/// ```
public typealias StoreDurability = Durability

extension LogRecord {
    /// The record as a store entry: the whole record as JSON, the event's kind as the entry's kind.
    ///
    /// ```swift
    /// let entry = try record.entry()   // LogEntry(room: "K7QM-X4TD-9R", kind: "voteCast", payload: …)
    /// ```
    public func entry() throws -> LogEntry {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return LogEntry(room: room.rawValue, kind: event.kind, payload: Array(try encoder.encode(self)), at: at)
    }

    /// Decodes a record stored by `entry()`; the error names the entry's sequence number.
    ///
    /// ```swift
    /// let records = try log.replay().map(LogRecord.init(entry:))
    /// ```
    public init(entry: LogEntry) throws {
        do {
            self = try JSONDecoder().decode(LogRecord.self, from: Data(entry.payload))
        } catch {
            throw RestoreError(room: RoomCode(entry.room), record: Int(entry.sequence ?? 0),
                               message: "log entry \(entry.sequence ?? 0) (\(entry.kind)) is not a record this server reads: \(error)")
        }
    }
}
