// The webhook store of a server whose rooms live in a shared store (a Redis cluster): events are
// kept in this node's memory for its outbox, and each save is handed to the backend, which keeps
// the event in the shared store until it is delivered, so that another node takes it over if this
// one dies. Service thread only (the webhook service's saves; the backend's sends).
import Foundation
import SwipeStore

/// `MemoryWebhookStore` plus a copy of every pending event in the shared store (as its JSON, due
/// for another node's takeover at its next attempt), and out of it once settled.
///
/// ```swift
/// let store = SharedWebhookStore(keep: backend.keepWebhook, settle: backend.settleWebhook, now: { wallSeconds })
/// ```
public final class SharedWebhookStore: WebhookStore {
    private let memory = MemoryWebhookStore()
    private let keep: (_ key: String, _ payload: [UInt8], _ dueAt: Double) -> Void
    private let settle: (_ key: String) -> Void
    private let now: () -> Double

    /// `keep`: the event's key, its JSON and when another node may take it over (s since 1970);
    /// `settle`: the key of an event delivered or given up; `now`: seconds since 1970.
    public init(keep: @escaping (String, [UInt8], Double) -> Void, settle: @escaping (String) -> Void, now: @escaping () -> Double) {
        self.keep = keep
        self.settle = settle
        self.now = now
    }

    /// Nothing at start: the shared store's events are taken over as they fall due (the backend's heartbeat).
    public func loadWebhooks() throws -> [WebhookRecord] { [] }

    public func saveWebhook(_ record: WebhookRecord) throws {
        try memory.saveWebhook(record)
        switch record.state {
        case .pending:
            guard let payload = try? JSONEncoder().encode(record) else { return }
            keep(record.key, Array(payload), max(record.nextAttempt, now()))
        case .delivered, .gaveUp:
            settle(record.key)
        }
    }

    public func keepNotifyURL(_ url: String, room: String, at time: Double) throws { try memory.keepNotifyURL(url, room: room, at: time) }
    public func notifyURL(room: String) throws -> String? { try memory.notifyURL(room: room) }
    public func forgetNotifyURL(room: String) throws { try memory.forgetNotifyURL(room: room) }
}
