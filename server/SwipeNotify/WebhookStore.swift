// Where webhook events and rooms' webhook URLs are kept: the SQLite log beside the rooms
// (`WebhookLogStore`), or memory (`MemoryWebhookStore`: `--data :memory:`, and the Redis store for
// now, docs/SCALING.md). Service thread only, like the log it writes; touches only its store.
import SwipeStore

/// What the webhook shell keeps, and where: every event until it is settled, and each room's URL
/// until the room is decided.
///
/// ```swift
/// let store: any WebhookStore = try WebhookLogStore(path: "/var/lib/swipedeck/rooms.sqlite")
/// try store.saveWebhook(record)
/// ```
public protocol WebhookStore: AnyObject {
    /// Every event kept (pending and settled).
    func loadWebhooks() throws -> [WebhookRecord]
    /// Keeps `record`, replacing the one with its key; durable on return.
    func saveWebhook(_ record: WebhookRecord) throws
    /// Keeps room `room`'s webhook URL.
    func keepNotifyURL(_ url: String, room: String, at time: Double) throws
    /// Room `room`'s webhook URL, or nil.
    func notifyURL(room: String) throws -> String?
    /// Forgets room `room`'s webhook URL.
    func forgetNotifyURL(room: String) throws
}

/// The events and URLs in memory: lost with the process.
///
/// ```swift
/// let store = MemoryWebhookStore()
/// try store.keepNotifyURL("https://hooks.example/x", room: "R", at: 0)
/// try store.notifyURL(room: "R")   // "https://hooks.example/x"
/// ```
public final class MemoryWebhookStore: WebhookStore {
    private var records: [String: WebhookRecord] = [:]
    private var urls: [String: String] = [:]

    public init() {}

    public func loadWebhooks() throws -> [WebhookRecord] { records.values.sorted { $0.key < $1.key } }
    public func saveWebhook(_ record: WebhookRecord) throws { records[record.key] = record }
    public func keepNotifyURL(_ url: String, room: String, at time: Double) throws { urls[room] = url }
    public func notifyURL(room: String) throws -> String? { urls[room] }
    public func forgetNotifyURL(room: String) throws { urls[room] = nil }
}

/// The events and URLs in the room log's SQLite file (`webhook`, `webhook_room`), through a
/// connection of their own to it. Settled events older than `keepSettled` are deleted on open.
///
/// ```swift
/// let store = try WebhookLogStore(path: "/var/lib/swipedeck/rooms.sqlite", now: 1_764_000_000)
/// ```
public final class WebhookLogStore: WebhookStore {
    private let log: EventLog
    /// How long (s) a settled event's key is kept, so it is never sent again.
    public static let keepSettled: Double = 30 * 86_400

    public init(path: String, durability: Durability = .normal, now: Double) throws {
        log = try EventLog(path: path, durability: durability)
        try log.forgetSettledWebhooks(before: now - Self.keepSettled)
    }

    public func loadWebhooks() throws -> [WebhookRecord] { try log.webhooks() }
    public func saveWebhook(_ record: WebhookRecord) throws { try log.saveWebhook(record) }

    public func keepNotifyURL(_ url: String, room: String, at time: Double) throws { try log.keepNotifyURL(url, room: room, at: time) }
    public func notifyURL(room: String) throws -> String? { try log.notifyURL(room: room) }
    public func forgetNotifyURL(room: String) throws { try log.forgetNotifyURL(room: room) }
}
