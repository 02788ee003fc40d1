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
