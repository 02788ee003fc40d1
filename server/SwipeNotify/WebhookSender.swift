// The webhook sender: a thread of its own ("swipe-webhooks") that makes the POSTs one at a time and
// wakes the service thread when the next retry is due. `submit`, `wake(at:)` and `stop` are called
// from the service thread and take the lock; the thread itself touches only its queue (under the
// lock), libcurl (`CurlPost`) and the two callbacks, which must only hand work to the service
// thread (ServiceInbox.post): it never touches a room, a connection or the outbox.
import Foundation

/// Sends webhook requests off the service thread, through a bounded queue: a slow or dead
/// receiver holds this thread for at most the POST's timeout and never the service thread. Each
/// request's outcome goes to `finished`; `due` is called once the time given to `wake(at:)` has
/// come (seconds since 1970), so the service thread hands over the retries then due.
///
/// ```swift
/// let sender = WebhookSender(capacity: 4,
///                            finished: { key, outcome in inbox.post { $0.webhookFinished(key, outcome) } },
///                            due: { inbox.post { $0.webhooksDue() } })
/// sender.submit(request)          // false when the queue is full: try again at the next turn
/// sender.wake(at: now + 10)
/// ```
public final class WebhookSender: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var queue: [WebhookRequest] = []
    private var wakeAt: Double?
    private var stopping = false
    private var started = false

    private let capacity: Int
    private let send: @Sendable (WebhookRequest) -> WebhookOutcome
    private let finished: @Sendable (String, WebhookOutcome) -> Void
    private let due: @Sendable () -> Void

    /// `send` makes one POST (`CurlPost.post` by default; tests give their own).
    public init(capacity: Int, send: @escaping @Sendable (WebhookRequest) -> WebhookOutcome = { CurlPost().post($0) },
                finished: @escaping @Sendable (String, WebhookOutcome) -> Void, due: @escaping @Sendable () -> Void) {
        self.capacity = max(1, capacity)
        self.send = send
        self.finished = finished
        self.due = due
        _ = CurlPost()   // libcurl's global init, before the thread exists
    }

    /// Queues `request`; false (nothing queued) when `capacity` requests wait already or the
    /// sender is stopped. Starts the thread the first time.
    ///
    /// ```swift
    /// sender.submit(WebhookRequest(key: "swipedeck-R-opened", url: url, body: body, attempt: 1))   // true
    /// ```
    @discardableResult
    public func submit(_ request: WebhookRequest) -> Bool {
        condition.withLock {
            guard !stopping, queue.count < capacity else { return false }
            queue.append(request)
            startIfNeeded()
            condition.signal()
            return true
        }
    }

    /// Calls `due` once `time` has come (nil: no wake-up). A later call replaces the time.
    ///
    /// ```swift
    /// sender.wake(at: Date().timeIntervalSince1970 + 10)
    /// ```
    public func wake(at time: Double?) {
        condition.withLock {
            wakeAt = time
            if time != nil { startIfNeeded() }
            condition.signal()
        }
    }

    /// Ends the thread after the request under way, if any (its outcome is still reported).
    ///
    /// ```swift
    /// sender.stop()   // a later submit returns false
    /// ```
    public func stop() {
        condition.withLock {
            stopping = true
            condition.signal()
        }
    }

    /// With the lock held.
    private func startIfNeeded() {
        guard !started, !stopping else { return }
        started = true
        let thread = Thread { [self] in run() }
        thread.name = "swipe-webhooks"
        thread.start()
    }

    private func run() {
        condition.lock()
        while !stopping {
            if !queue.isEmpty {
                let request = queue.removeFirst()
                condition.unlock()
                let outcome = send(request)
                finished(request.key, outcome)
                condition.lock()
            } else if let time = wakeAt {
                if Date().timeIntervalSince1970 >= time {
                    wakeAt = nil
                    condition.unlock()
                    due()
                    condition.lock()
                } else {
                    _ = condition.wait(until: Date(timeIntervalSince1970: time))
                }
            } else {
                condition.wait()
            }
        }
        condition.unlock()
    }
}
