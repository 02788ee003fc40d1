// EventLog: the durable append-only log of room events, in SQLite (WAL mode).
// Thread: the single thread that owns it (the lws service thread in swipe-server). It touches only
// its own database file (and SQLite's -wal/-shm files beside it).

/// One durable record: what happened in which room. The payload is the server's own encoding
/// (JSON) of the event; the log does not interpret it.
///
/// ```swift
/// let entry = LogEntry(room: "K7QM-X4TD", kind: "vote", payload: Array(#"{"card":"dune"}"#.utf8), at: 5120)
/// ```
public struct LogEntry: Hashable, Sendable {
    /// Position in the whole log, assigned on append (nil before).
    public var sequence: Int64?
    public var room: String
    public var kind: String
    public var payload: [UInt8]
    /// Server time (ms) of the event.
    public var at: Double

    /// Creates an entry to append.
    ///
    /// ```swift
    /// let e = LogEntry(room: "R", kind: "join", payload: [], at: 0)
    /// ```
    public init(sequence: Int64? = nil, room: String, kind: String, payload: [UInt8], at: Double) {
        self.sequence = sequence
        self.room = room
        self.kind = kind
        self.payload = payload
        self.at = at
    }
}

/// How hard each commit waits for the disk.
///
/// ```swift
/// let durability = Durability.normal   // survives a killed process; `.full` also a power cut
/// ```
public enum Durability: String, CaseIterable, Hashable, Sendable {
    /// WAL + synchronous=NORMAL: a committed append survives the process being killed (SIGKILL),
    /// not necessarily a power cut.
    case normal
    /// WAL + synchronous=FULL: also survives an operating-system crash or power cut (an fsync per commit).
    case full
}

/// The append-only log. Appends are transactions: a batch is all there or not at all.
///
/// ```swift
/// let log = try EventLog(path: ":memory:")
/// try log.append([LogEntry(room: "R", kind: "vote", payload: [1], at: 0)])
/// let all = try log.replay()   // [LogEntry(sequence: 1, …)]
/// ```
public final class EventLog {
    /// The schema this build writes; a larger `user_version` on disk means a newer server wrote it.
    /// 2 adds `checkpoint` (a room's state as of a log position) and `archive` (entries a
    /// checkpoint covers, and evicted or closed rooms' entries): a version-1 file is upgraded in place.
    public static let schemaVersion: Int64 = 2

    let db: SQLiteConnection
    public let path: String

    /// Opens or creates the log at `path` (`":memory:"` for a throw-away one).
    ///
    /// ```swift
    /// let log = try EventLog(path: "/var/lib/swipedeck/rooms.sqlite", durability: .full)
    /// ```
    public init(path: String, durability: Durability = .normal) throws {
        self.path = path
        db = try SQLiteConnection(path: path)
        do {
            let version = try db.query("PRAGMA user_version").first?.first
            if case let .integer(v) = version, v > Self.schemaVersion {
                throw StoreError(path: path, message: "written by a newer swipe-server (schema \(v), this one reads \(Self.schemaVersion))")
            }
            if path != ":memory:" { try db.execute("PRAGMA journal_mode=WAL") }
            try db.execute("PRAGMA synchronous=\(durability == .full ? "FULL" : "NORMAL")")
            // The schema in one transaction: each page written once to the WAL, not once a statement
            // (a new log then takes ~50 KB, where one commit per table took ~100 KB).
            try db.execute("BEGIN IMMEDIATE")
            try db.execute("""
                CREATE TABLE IF NOT EXISTS log (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    room TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    payload BLOB NOT NULL,
                    at REAL NOT NULL);
                CREATE INDEX IF NOT EXISTS log_room ON log (room, sequence);
                CREATE TABLE IF NOT EXISTS checkpoint (
                    room TEXT PRIMARY KEY,
                    sequence INTEGER NOT NULL,
                    payload BLOB NOT NULL,
                    at REAL NOT NULL);
                CREATE TABLE IF NOT EXISTS archive (
                    sequence INTEGER PRIMARY KEY,
                    room TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    payload BLOB NOT NULL,
                    at REAL NOT NULL);
                PRAGMA user_version = \(Self.schemaVersion);
                """)
            try db.execute(Self.pictureTable)
            try db.execute(Self.webhookTables)
            try db.execute(Self.hibernationTable)
            try db.execute("COMMIT")
        } catch let error as StoreError {
            throw StoreError(path: path, message: error.message == "file is not a database"
                ? "not a SwipeDeck data file (file is not a database)" : error.message)
        }
    }

    /// Appends a batch in one transaction and returns the entries with their sequence numbers.
    /// When it returns, the batch is durable (see `Durability`). Each of `checkpoints` (a room's
    /// state after this batch) is stored in the same transaction, and the entries it covers move
    /// to the archive (`EventLog+Checkpoints.swift`).
    ///
    /// ```swift
    /// let stored = try log.append([LogEntry(room: "R", kind: "vote", payload: [], at: 1)])
    /// stored[0].sequence   // e.g. 42
    /// ```
    @discardableResult
    public func append(_ entries: [LogEntry], checkpoints: [RoomState] = []) throws -> [LogEntry] {
        guard !entries.isEmpty else { return [] }
        try db.execute("BEGIN IMMEDIATE")
        do {
            var stored: [LogEntry] = []
            stored.reserveCapacity(entries.count)
            for var entry in entries {
                try db.run(
                    "INSERT INTO log (room, kind, payload, at) VALUES (?, ?, ?, ?)",
                    [.text(entry.room), .text(entry.kind), .blob(entry.payload), .real(entry.at)])
                entry.sequence = db.lastInsertRowID
                stored.append(entry)
            }
            let last = stored.last?.sequence ?? db.lastInsertRowID
            for state in checkpoints { try store(state, asOf: last) }
            try db.execute("COMMIT")
            return stored
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    /// Every entry in append order, optionally for one room only.
    ///
    /// ```swift
    /// for entry in try log.replay(room: "K7QM-X4TD") { print(entry.kind) }
    /// ```
    public func replay(room: String? = nil) throws -> [LogEntry] {
        try entries(from: "log", room: room)
    }

    /// The entries of `source` (a table or a subquery with the log's columns), in append order.
    func entries(from source: String, room: String?) throws -> [LogEntry] {
        let select = "SELECT sequence, room, kind, payload, at FROM \(source)"
        let rows: [[SQLiteValue]]
        if let room {
            rows = try db.query("\(select) WHERE room = ? ORDER BY sequence", [.text(room)])
        } else {
            rows = try db.query("\(select) ORDER BY sequence")
        }
        return try rows.map(entry(from:))
    }

    /// A `sequence, room, kind, payload, at` row as an entry (log and archive rows alike).
    func entry(from row: [SQLiteValue]) throws -> LogEntry {
        guard row.count == 5, case let .integer(sequence) = row[0], case let .text(room) = row[1],
              case let .text(kind) = row[2], case let .real(at) = row[4] else {
            throw StoreError(path: path, message: "damaged log row: \(row)")
        }
        let payload: [UInt8]
        switch row[3] {
        case let .blob(bytes): payload = bytes
        case let .text(text): payload = Array(text.utf8)
        case .null, .integer, .real: throw StoreError(path: path, message: "damaged payload in log row \(sequence)")
        }
        return LogEntry(sequence: sequence, room: room, kind: kind, payload: payload, at: at)
    }

    /// The rooms that have entries, in order of first appearance.
    ///
    /// ```swift
    /// try log.rooms()   // ["K7QM-X4TD", "P3WX-…"]
    /// ```
    public func rooms() throws -> [String] {
        try db.query("SELECT room FROM log GROUP BY room ORDER BY MIN(sequence)").compactMap { row in
            if case let .text(room) = row.first { return room }
            return nil
        }
    }

    /// Takes a room out of what a restart loads (it was closed or evicted): its entries move to the
    /// archive, its checkpoint and uploaded pictures are dropped, in one transaction.
    ///
    /// ```swift
    /// try log.forget(room: "K7QM-X4TD")
    /// ```
    public func forget(room: String) throws {
        try db.execute("BEGIN IMMEDIATE")
        do {
            try archive(room: room, upTo: Int64.max)
            try db.run("DELETE FROM checkpoint WHERE room = ?", [.text(room)])
            try db.run("DELETE FROM picture WHERE room = ?", [.text(room)])
            try forgetHibernated(room: room)
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    /// Number of entries, for health and metrics.
    ///
    /// ```swift
    /// try log.count()   // 0 for a new log
    /// ```
    public func count() throws -> Int {
        if case let .integer(n) = try db.query("SELECT COUNT(*) FROM log").first?.first { return Int(n) }
        return 0
    }
}
