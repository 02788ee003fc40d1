// Checkpoints and the archive: what keeps a restart's work bounded by the live rooms, not by all
// history. Same thread rules as EventLog (the one thread that owns it).

/// A room's whole state, encoded by the server, to store with an append (`EventLog.append(_:checkpoints:)`).
///
/// ```swift
/// let state = RoomState(room: "K7QM-X4TD", payload: Array(json), at: 5120)
/// ```
public struct RoomState: Hashable, Sendable {
    public var room: String
    public var payload: [UInt8]
    /// Server time (ms) of the state.
    public var at: Double

    public init(room: String, payload: [UInt8], at: Double) {
        self.room = room
        self.payload = payload
        self.at = at
    }
}

/// A stored room state and the last log sequence it includes.
///
/// ```swift
/// let saved = try log.checkpoints().first   // Checkpoint(state: …, sequence: 4211)
/// ```
public struct Checkpoint: Hashable, Sendable {
    public var state: RoomState
    public var sequence: Int64
}

/// What a restart loads: every room's latest checkpoint and the entries after it (rooms without a
/// checkpoint have all their entries here), in append order.
///
/// ```swift
/// let start = try log.loadForRestart()
/// start.checkpoints.count   // live rooms with a checkpoint
/// start.entries.count       // only the tails
/// ```
public struct RestartLoad: Sendable {
    public var checkpoints: [Checkpoint]
    public var entries: [LogEntry]
}

extension EventLog {
    /// Inside an open transaction: `state` is the room as of `sequence`; the entries it covers move to the archive.
    func store(_ state: RoomState, asOf sequence: Int64) throws {
        try db.run("INSERT OR REPLACE INTO checkpoint (room, sequence, payload, at) VALUES (?, ?, ?, ?)",
                   [.text(state.room), .integer(sequence), .blob(state.payload), .real(state.at)])
        try archive(room: state.room, upTo: sequence)
    }

    /// Inside an open transaction: moves a room's entries up to `sequence` from the log to the archive.
    func archive(room: String, upTo sequence: Int64) throws {
        let parameters: [SQLiteValue] = [.text(room), .integer(sequence)]
        try db.run("INSERT OR IGNORE INTO archive SELECT sequence, room, kind, payload, at FROM log WHERE room = ? AND sequence <= ?",
                   parameters)
        try db.run("DELETE FROM log WHERE room = ? AND sequence <= ?", parameters)
    }

    /// Every room's checkpoint and the log's remaining entries: all a restart needs to read.
    ///
    /// ```swift
    /// let load = try log.loadForRestart()
    /// ```
    public func loadForRestart() throws -> RestartLoad {
        // Hibernated rooms stay asleep: a start reads their index rows only (`hibernatedRooms`).
        let rows = try db.query("SELECT room, sequence, payload, at FROM checkpoint WHERE room NOT IN (SELECT room FROM hibernated) ORDER BY sequence")
        let checkpoints = try rows.map { row -> Checkpoint in
            guard row.count == 4, case let .text(room) = row[0], case let .integer(sequence) = row[1],
                  case let .blob(payload) = row[2], case let .real(at) = row[3] else {
                throw StoreError(path: path, message: "damaged checkpoint row for \(row.first.map { "\($0)" } ?? "?")")
            }
            return Checkpoint(state: RoomState(room: room, payload: payload, at: at), sequence: sequence)
        }
        return RestartLoad(checkpoints: checkpoints,
                           entries: try entries(from: "(SELECT * FROM log WHERE room NOT IN (SELECT room FROM hibernated))", room: nil))
    }

    /// Every entry ever appended, archived ones included, in append order (for audits and tests:
    /// a restart reads `loadForRestart`).
    ///
    /// ```swift
    /// try log.history().filter { $0.kind == "voteCast" }.count
    /// ```
    public func history(room: String? = nil) throws -> [LogEntry] {
        try entries(from: "(SELECT sequence, room, kind, payload, at FROM log UNION ALL SELECT sequence, room, kind, payload, at FROM archive)",
                    room: room)
    }
}
