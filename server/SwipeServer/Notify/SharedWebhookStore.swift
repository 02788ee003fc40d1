// The webhook store of a server whose rooms live in a shared store (a Redis cluster): events are
// kept in this node's memory for its outbox, and each save is handed to the backend, which keeps
// the event in the shared store until it is delivered, so that another node takes it over if this
// one dies. Service thread only (the webhook service's saves; the backend's sends).
import Foundation
import SwipeNotify
import SwipeStore

/// `MemoryWebhookStore` plus a copy of every event in the shared store.
///
/// ```swift
/// let store = SharedWebhookStore(share: { record in backend.keepWebhook(…) })
/// ```
final class SharedWebhookStore: WebhookStore {
    private let memory = MemoryWebhookStore()
    private let share: (WebhookRecord) -> Void

    init(share: @escaping (WebhookRecord) -> Void) { self.share = share }

    /// Nothing at start: the shared store's events are taken over as they fall due (the backend's heartbeat).
    func loadWebhooks() throws -> [WebhookRecord] { [] }

    func saveWebhook(_ record: WebhookRecord) throws {
        try memory.saveWebhook(record)
        share(record)
    }

    func keepNotifyURL(_ url: String, room: String, at time: Double) throws { try memory.keepNotifyURL(url, room: room, at: time) }
    func notifyURL(room: String) throws -> String? { try memory.notifyURL(room: room) }
    func forgetNotifyURL(room: String) throws { try memory.forgetNotifyURL(room: room) }
}

/// A webhook event as the shared store keeps it (JSON): every field of `WebhookRecord`.
///
/// ```swift
/// let bytes = try SharedWebhook(record).encoded()
/// let record = try SharedWebhook.decoded(bytes).record
/// ```
struct SharedWebhook: Codable, Hashable {
    var key: String, room: String, url: String, body: [UInt8]
    var createdAt: Double, firstAttempt: Double?, attempts: Int, nextAttempt: Double, state: String

    init(_ record: WebhookRecord) {
        (key, room, url, body) = (record.key, record.room, record.url, record.body)
        (createdAt, firstAttempt, attempts, nextAttempt, state) = (record.createdAt, record.firstAttempt, record.attempts,
                                                                    record.nextAttempt, record.state.rawValue)
    }

    var record: WebhookRecord? {
        WebhookRecord.State(rawValue: state).map {
            WebhookRecord(key: key, room: room, url: url, body: body, createdAt: createdAt, firstAttempt: firstAttempt,
                          attempts: attempts, nextAttempt: nextAttempt, state: $0)
        }
    }

    func encoded() throws -> [UInt8] { Array(try JSONEncoder().encode(self)) }

    static func decoded(_ bytes: [UInt8]) throws -> SharedWebhook { try JSONDecoder().decode(SharedWebhook.self, from: Data(bytes)) }
}
