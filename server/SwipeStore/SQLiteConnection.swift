// SQLiteConnection: a thin shell over one sqlite3 handle.
// Thread: whichever single thread owns it (in swipe-server, the lws service thread). It is not
// shared: SQLite is opened with SQLITE_OPEN_NOMUTEX. It touches only its database file.
import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// What went wrong talking to SQLite, with the database path and SQLite's own words.
///
/// ```swift
/// do { _ = try SQLiteConnection(path: "/nonexistent/dir/x.sqlite") }
/// catch let error as StoreError { print(error) }   // "cannot open /nonexistent/dir/x.sqlite: unable to open database file"
/// ```
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    /// Creates an error about the database at `path`.
    ///
    /// ```swift
    /// let e = StoreError(path: "votes.sqlite", message: "disk full")
    /// ```
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// One open SQLite database.
///
/// ```swift
/// let db = try SQLiteConnection(path: ":memory:")
/// try db.execute("CREATE TABLE t (x INTEGER)")
/// ```
public final class SQLiteConnection {
    let path: String
    private var handle: OpaquePointer?

    /// Opens (creating if needed) the database at `path`; `":memory:"` for a private in-memory one.
    ///
    /// ```swift
    /// let db = try SQLiteConnection(path: "/var/lib/swipedeck/log.sqlite")
    /// ```
    public init(path: String) throws {
        self.path = path
        Self.keepPrivate(path)
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(db)
            throw StoreError(path: path, message: "cannot open: \(message)")
        }
        handle = db
        sqlite3_busy_timeout(db, 5_000)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Creates the database file owner-only (0600) before SQLite opens it, and tightens an existing
    /// one and its `-wal`/`-shm`: SQLite gives those the database file's mode, and the log holds
    /// member tokens. Best effort: a file that is not ours keeps its mode.
    static func keepPrivate(_ path: String) {
        guard path != ":memory:", !path.hasPrefix("file:") else { return }
        let fd = open(path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
        for file in [path, path + "-wal", path + "-shm"] { _ = chmod(file, 0o600) }
    }

    /// Runs one or more statements that return no rows.
    ///
    /// ```swift
    /// try db.execute("PRAGMA journal_mode=WAL")
    /// ```
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if status != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastError
            sqlite3_free(errorMessage)
            throw StoreError(path: path, message: message)
        }
    }

    /// Runs a query and returns its rows, each as an array of column values.
    ///
    /// ```swift
    /// let rows = try db.query("SELECT x FROM t WHERE x > ?", [.integer(3)])
    /// ```
    public func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        try bind(parameters, to: statement)
        var rows: [[SQLiteValue]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw StoreError(path: path, message: lastError) }
            let count = sqlite3_column_count(statement)
            rows.append((0..<count).map { column(statement, $0) })
        }
        return rows
    }

    /// Runs one statement with parameters that returns no rows.
    ///
    /// ```swift
    /// try db.run("INSERT INTO t (x) VALUES (?)", [.integer(7)])
    /// ```
    public func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws {
        _ = try query(sql, parameters)
    }

    /// The rowid of the last inserted row.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    private var lastError: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "database is closed" }

    private func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw StoreError(path: path, message: lastError)
        }
        return statement
    }

    private func bind(_ parameters: [SQLiteValue], to statement: OpaquePointer) throws {
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, index)
            case let .integer(v): status = sqlite3_bind_int64(statement, index, v)
            case let .real(v): status = sqlite3_bind_double(statement, index, v)
            case let .text(v): status = sqlite3_bind_text(statement, index, v, -1, swipe_sqlite_transient())
            case let .blob(v):
                status = v.withUnsafeBytes { raw in
                    sqlite3_bind_blob(statement, index, raw.baseAddress, Int32(raw.count), swipe_sqlite_transient())
                }
            }
            guard status == SQLITE_OK else { throw StoreError(path: path, message: lastError) }
        }
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let base = sqlite3_column_blob(statement, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: base, count: count)))
        default: return .null
        }
    }
}

/// A value SQLite stores or returns.
///
/// ```swift
/// let v = SQLiteValue.text("K7QM-X4TD")
/// ```
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}
