// Hibernated rooms: a room nobody is connected to is taken out of memory with a checkpoint of its
// whole state, and a row in the index (`hibernated`) that is all a start reads of it. Same thread
// rules as EventLog (the one thread that owns it).

/// A hibernated room as the index keeps it, on disk and in the server's memory: what a start, the
/// close and eviction need without loading the room.
///
/// ```swift
/// HibernatedRow(room: "K7QM-X4TD-9R", closesAt: 1_795_953_600_000, leftAt: 1_795_940_000_000)
/// ```
public struct HibernatedRow: Hashable, Sendable {
    public var room: String
    /// The room's closing time (wall clock, ms since 1970), if it has one.
    public var closesAt: Double?
    /// When its last member left (wall clock, ms since 1970).
    public var leftAt: Double
    /// Whether it is still open, waiting for its close (false once decided).
    public var open: Bool

    public init(room: String, closesAt: Double?, leftAt: Double, open: Bool = false) {
        self.room = room
        self.closesAt = closesAt
        self.leftAt = leftAt
        self.open = open
    }
}

/// What waking a hibernated room reads back: its checkpoint and the entries after it.
public struct WokenRoom: Sendable {
    public var checkpoint: RoomState?
    public var entries: [LogEntry]
}

extension EventLog {
    static let hibernationTable = """
        CREATE TABLE IF NOT EXISTS hibernated (
            room TEXT PRIMARY KEY,
            closes_at REAL,
            left_at REAL NOT NULL,
            open INTEGER NOT NULL DEFAULT 0);
        """

    /// Puts a room to sleep in one transaction: `state` becomes its checkpoint (its log entries move
    /// to the archive) and `row` its index entry. Durable on return, as an append.
    ///
    /// ```swift
    /// try log.hibernate(RoomState(room: code, payload: bytes, at: now), row: HibernatedRow(room: code, closesAt: nil, leftAt: wall))
    /// ```
    public func hibernate(_ state: RoomState, row: HibernatedRow) throws {
        try db.execute("BEGIN IMMEDIATE")
        do {
            let last = try db.query("""
                SELECT MAX(s) FROM (SELECT MAX(sequence) AS s FROM log WHERE room = ?1
                                    UNION ALL SELECT sequence FROM checkpoint WHERE room = ?1)
                """, [.text(state.room)]).first?.first
            let sequence: Int64 = if case let .integer(value)? = last { value } else { 0 }
            try store(state, asOf: sequence)
            try db.run("INSERT OR REPLACE INTO hibernated (room, closes_at, left_at, open) VALUES (?, ?, ?, ?)",
                       [.text(row.room), row.closesAt.map(SQLiteValue.real) ?? .null, .real(row.leftAt), .integer(row.open ? 1 : 0)])
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    /// Reads a hibernated room back (its checkpoint and the entries after it) and takes it out of
    /// the index: it is in memory again, and a restart loads it with the others.
    ///
    /// ```swift
    /// let woken = try log.wake(room: "K7QM-X4TD-9R")
    /// ```
    public func wake(room: String) throws -> WokenRoom {
        let row = try db.query("SELECT payload, at FROM checkpoint WHERE room = ?", [.text(room)]).first
        var checkpoint: RoomState?
        if let row, row.count == 2, case let .blob(payload) = row[0], case let .real(at) = row[1] {
            checkpoint = RoomState(room: room, payload: payload, at: at)
        }
        let entries = try replay(room: room)
        try db.run("DELETE FROM hibernated WHERE room = ?", [.text(room)])
        return WokenRoom(checkpoint: checkpoint, entries: entries)
    }

    /// The index: every hibernated room (what a start reads instead of the rooms).
    ///
    /// ```swift
    /// try log.hibernatedRooms().count   // 100_000
    /// ```
    public func hibernatedRooms() throws -> [HibernatedRow] {
        try db.query("SELECT room, closes_at, left_at, open FROM hibernated").compactMap { row in
            guard row.count == 4, case let .text(room) = row[0], case let .real(left) = row[2] else { return nil }
            let closes: Double? = if case let .real(value) = row[1] { value } else { nil }
            let open: Bool = if case let .integer(value) = row[3] { value != 0 } else { false }
            return HibernatedRow(room: room, closesAt: closes, leftAt: left, open: open)
        }
    }

    /// Empties the index: the next start loads every room (a benchmark's server holding every room).
    ///
    /// ```swift
    /// try log.clearHibernationIndex()
    /// ```
    public func clearHibernationIndex() throws {
        try db.execute("DELETE FROM hibernated")
    }

    /// A hibernated room that is forgotten (evicted, or kept long enough after its close) leaves the index.
    func forgetHibernated(room: String) throws {
        try db.run("DELETE FROM hibernated WHERE room = ?", [.text(room)])
    }
}
