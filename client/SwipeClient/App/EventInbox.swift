import Foundation

/// A thread-safe queue of events: the network's service thread appends, the main thread drains.
///
/// ```swift
/// let inbox = EventInbox()
/// inbox.post(.connected)        // any thread
/// let events = inbox.drain()    // main thread: [.connected]
/// ```
final class EventInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [AppEvent] = []

    /// Creates an empty inbox.
    init() {}

    /// Appends an event (any thread).
    func post(_ event: AppEvent) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    /// Takes every queued event, oldest first.
    func drain() -> [AppEvent] {
        lock.lock()
        defer { lock.unlock() }
        let out = events
        events.removeAll(keepingCapacity: true)
        return out
    }
}
