// Webhook events kept beside the room log until they are delivered (the `webhook` table: key, room,
// URL, body, times, attempts, state) and each room's webhook URL (`webhook_room`), so a restart
// goes on delivering. Same thread as the connection that opened the log (the lws service thread).

/// One webhook event as the store keeps it: its key, room, URL and body, when it was made, tried
/// first and will be tried next, how many attempts it has had, and whether it is settled.
///
/// ```swift
/// let record = WebhookRecord(key: "swipedeck-R-opened", room: "R", url: "https://hooks.example/x", body: body,
///                            createdAt: 0, attempts: 0, nextAttempt: 0, state: .pending)
/// ```
public struct WebhookRecord: Hashable, Sendable, Codable {   // Codable: a cluster keeps it in Redis as JSON
    /// Where an event stands.
    public enum State: String, Hashable, Sendable, CaseIterable, Codable {
        /// Not yet delivered: it will be tried (again).
        case pending
        /// A 2xx came back: never sent again.
        case delivered
        /// Refused for good, or failing for longer than the policy tries: never sent again.
        case gaveUp
    }

    /// The `Idempotency-Key` header, the same on every attempt.
    public var key: String
    public var room: String
    public var url: String
    public var body: [UInt8]
    /// Seconds since 1970.
    public var createdAt: Double
    public var firstAttempt: Double?
    public var attempts: Int
    public var nextAttempt: Double
    public var state: State

    public init(key: String, room: String, url: String, body: [UInt8], createdAt: Double, firstAttempt: Double? = nil,
                attempts: Int, nextAttempt: Double, state: State) {
        self.key = key
        self.room = room
        self.url = url
        self.body = body
        self.createdAt = createdAt
        self.firstAttempt = firstAttempt
        self.attempts = attempts
        self.nextAttempt = nextAttempt
        self.state = state
    }
}


extension EventLog {
    /// The tables' definitions (created with the log's other tables; an older file gets them on open).
    static let webhookTables = """
        CREATE TABLE IF NOT EXISTS webhook (
            key TEXT PRIMARY KEY,
            room TEXT NOT NULL,
            url TEXT NOT NULL,
            body BLOB NOT NULL,
            created_at REAL NOT NULL,
            first_attempt REAL,
            attempts INTEGER NOT NULL,
            next_attempt REAL NOT NULL,
            state TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS webhook_room (
            room TEXT PRIMARY KEY,
            url TEXT NOT NULL,
            at REAL NOT NULL);
        """

    /// Keeps `row`, replacing the one with its key (durable on return, as an append).
    ///
    /// ```swift
    /// try log.saveWebhook(row)
    /// ```
    public func saveWebhook(_ row: WebhookRecord) throws {
        try db.run("""
            INSERT OR REPLACE INTO webhook (key, room, url, body, created_at, first_attempt, attempts, next_attempt, state)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(row.key), .text(row.room), .text(row.url), .blob(row.body), .real(row.createdAt),
                  row.firstAttempt.map { .real($0) } ?? .null, .integer(Int64(row.attempts)), .real(row.nextAttempt),
                  .text(row.state.rawValue)])
    }

    /// Every webhook event the log keeps, by key.
    ///
    /// ```swift
    /// try log.webhooks().filter { $0.state == .pending }
    /// ```
    public func webhooks() throws -> [WebhookRecord] {
        let rows = try db.query("""
            SELECT key, room, url, body, created_at, first_attempt, attempts, next_attempt, state FROM webhook ORDER BY key
            """)
        return try rows.map { row in
            guard row.count == 9, case let .text(key) = row[0], case let .text(room) = row[1], case let .text(url) = row[2],
                  case let .blob(body) = row[3], let created = row[4].number, case let .integer(attempts) = row[6],
                  let next = row[7].number, case let .text(stateName) = row[8], let state = WebhookRecord.State(rawValue: stateName) else {
                throw StoreError(path: path, message: "damaged webhook row")
            }
            return WebhookRecord(key: key, room: room, url: url, body: body, createdAt: created, firstAttempt: row[5].number,
                                    attempts: Int(attempts), nextAttempt: next, state: state)
        }
    }

    /// Deletes settled events (delivered or given up) made before `time`: their keys are no longer
    /// needed to keep them from being sent twice.
    ///
    /// ```swift
    /// try log.forgetSettledWebhooks(before: now - 30 * 86_400)
    /// ```
    public func forgetSettledWebhooks(before time: Double) throws {
        try db.run("DELETE FROM webhook WHERE state != 'pending' AND created_at < ?", [.real(time)])
        try db.run("DELETE FROM webhook_room WHERE at < ?", [.real(time)])
    }

    /// Keeps room `room`'s webhook URL.
    ///
    /// ```swift
    /// try log.keepNotifyURL("https://hooks.example/x", room: "K7QM-X4TD-9R", at: now)
    /// ```
    public func keepNotifyURL(_ url: String, room: String, at time: Double) throws {
        try db.run("INSERT OR REPLACE INTO webhook_room (room, url, at) VALUES (?, ?, ?)", [.text(room), .text(url), .real(time)])
    }

    /// Room `room`'s webhook URL, or nil.
    ///
    /// ```swift
    /// try log.notifyURL(room: "K7QM-X4TD-9R")   // "https://hooks.example/x"
    /// ```
    public func notifyURL(room: String) throws -> String? {
        guard case let .text(url) = try db.query("SELECT url FROM webhook_room WHERE room = ?", [.text(room)]).first?.first else { return nil }
        return url
    }

    /// Forgets room `room`'s webhook URL (it was decided: nothing more to say).
    ///
    /// ```swift
    /// try log.forgetNotifyURL(room: "K7QM-X4TD-9R")
    /// ```
    public func forgetNotifyURL(room: String) throws {
        try db.run("DELETE FROM webhook_room WHERE room = ?", [.text(room)])
    }
}

extension SQLiteValue {
    /// A REAL or INTEGER column as a Double (nil for anything else).
    var number: Double? {
        switch self {
        case let .real(value): return value
        case let .integer(value): return Double(value)
        case .null, .text, .blob: return nil
        }
    }
}
