import SwipeStore

/// Every webhook event not yet delivered, and when each is next tried: the delivery state machine.
/// An event is kept (`.save`) before it is first sent and after every attempt, so a restart goes
/// on where it was; a 2xx marks it delivered and it is never sent again (its key is remembered,
/// so the same event enqueued again is dropped); a failure (no answer, a timeout, a 5xx, 408,
/// 425 or 429) is tried again after an exponential backoff with a cap, until `giveUpAfter` from
/// its first attempt, then given up; any other answer gives up at once (a 404 hook is gone). At
/// most `maxInFlight` requests are with the sender at a time, and at most `maxPending` events
/// wait. Times are seconds since 1970, passed in: nothing here reads a clock. Pure.
///
/// ```swift
/// var outbox = WebhookOutbox(policy: WebhookPolicy(firstRetry: 10, maxRetry: 3600))
/// outbox.enqueue(.opened(room: "R", deck: nil, joinLines: []), to: "https://hooks.example/x", at: 0)   // [.save(…)]
/// outbox.due(at: 0)                                // [.save(attempt 1), .send(WebhookRequest(…))]
/// outbox.finished("swipedeck-R-opened", .status(500), at: 1)   // [.save(next attempt at 11)]
/// outbox.due(at: 11)                               // [.save(attempt 2), .send(…)]: the same Idempotency-Key
/// outbox.finished("swipedeck-R-opened", .status(200), at: 12)  // [.save(delivered)]
/// ```
public struct WebhookOutbox: Hashable, Sendable {
    public private(set) var policy: WebhookPolicy
    /// Events waiting or with the sender, by key.
    public private(set) var pending: [String: WebhookRecord] = [:]
    /// The keys with the sender now.
    public private(set) var inFlight: Set<String> = []
    /// Keys delivered or given up: never sent again.
    public private(set) var settled: Set<String> = []

    public init(policy: WebhookPolicy = WebhookPolicy()) { self.policy = policy }

    /// Takes back what the store kept: pending records wait again (one that was with the sender
    /// when the process stopped is sent again, with its key); finished ones are remembered.
    ///
    /// ```swift
    /// var outbox = WebhookOutbox()
    /// outbox.restore(try store.loadWebhooks())
    /// ```
    public mutating func restore(_ records: [WebhookRecord]) {
        for record in records {
            switch record.state {
            case .pending: pending[record.key] = record
            case .delivered, .gaveUp: settled.insert(record.key)
            }
        }
    }

    /// A new event for `url`: kept and sent at the next `due`. Dropped (no effect) when its key is
    /// already pending or finished; dropped with a `.log` when `maxPending` events wait.
    ///
    /// ```swift
    /// outbox.enqueue(.decided(room: "R", winner: "Pho", ranking: []), to: url, at: now)   // [.save(pending record)]
    /// ```
    public mutating func enqueue(_ event: WebhookEvent, to url: String, at now: Double) -> [WebhookEffect] {
        let key = event.idempotencyKey
        guard pending[key] == nil, !settled.contains(key) else { return [] }
        guard pending.count < policy.maxPending else {
            return [.log("webhook \(key) dropped: \(pending.count) events already wait (the outbox holds at most \(policy.maxPending))")]
        }
        let record = WebhookRecord(key: key, room: event.room, url: url, body: event.body(), createdAt: now, attempts: 0,
                                   nextAttempt: now, state: .pending)
        pending[key] = record
        return [.save(record)]
    }

    /// The events due at `now`, up to the in-flight bound, each counted as an attempt (kept) and
    /// handed to the sender; oldest first.
    ///
    /// ```swift
    /// outbox.due(at: now)   // [.save(attempt 1), .send(WebhookRequest(key: "swipedeck-R-opened", …))]
    /// ```
    public mutating func due(at now: Double) -> [WebhookEffect] {
        guard inFlight.count < policy.maxInFlight else { return [] }
        let ready = pending.values.filter { !inFlight.contains($0.key) && $0.nextAttempt <= now }
            .sorted { ($0.nextAttempt, $0.key) < ($1.nextAttempt, $1.key) }
            .prefix(policy.maxInFlight - inFlight.count)
        var effects: [WebhookEffect] = []
        for var record in ready {
            record.attempts += 1
            if record.firstAttempt == nil { record.firstAttempt = now }
            pending[record.key] = record
            inFlight.insert(record.key)
            effects.append(.save(record))
            effects.append(.send(WebhookRequest(key: record.key, url: record.url, body: record.body, attempt: record.attempts)))
        }
        return effects
    }

    /// The sender's answer for `key`: delivered, tried again later, or given up.
    ///
    /// ```swift
    /// outbox.finished("swipedeck-R-opened", .failed("Timeout was reached"), at: now)   // [.save(next attempt), .log(…)]
    /// ```
    public mutating func finished(_ key: String, _ outcome: WebhookOutcome, at now: Double) -> [WebhookEffect] {
        guard inFlight.remove(key) != nil, var record = pending[key] else { return [] }
        let what: String
        switch outcome {
        case let .status(status) where (200...299).contains(status):
            record.state = .delivered
            return finish(record, log: nil)
        case let .status(status) where !Self.retried(status):
            record.state = .gaveUp
            return finish(record, log: "webhook \(key) given up: the receiver answered \(status) (not retried)")
        case let .status(status):
            what = "answered \(status)"
        case let .failed(reason):
            what = reason
        }
        let first = record.firstAttempt ?? now
        let next = now + policy.delay(afterAttempt: record.attempts)
        guard next <= first + policy.giveUpAfter else {
            record.state = .gaveUp
            return finish(record, log: "webhook \(key) given up after \(record.attempts) attempts over \(Int(now - first)) s: last \(what)")
        }
        record.nextAttempt = next
        pending[key] = record
        return [.save(record), .log("webhook \(key) attempt \(record.attempts) failed (\(what)); next in \(Int(next - now)) s")]
    }

    /// When the next event waiting (not with the sender) is due, or nil.
    ///
    /// ```swift
    /// sender.wake(at: outbox.nextDue)
    /// ```
    public var nextDue: Double? {
        pending.values.lazy.filter { !inFlight.contains($0.key) }.map(\.nextAttempt).min()
    }

    private mutating func finish(_ record: WebhookRecord, log: String?) -> [WebhookEffect] {
        pending[record.key] = nil
        settled.insert(record.key)
        return [.save(record)] + (log.map { [.log($0)] } ?? [])
    }

    /// Whether an answer with this status is worth trying again: a 5xx, 408 (timeout), 425 (too
    /// early), 429 (slow down). Any other non-2xx means the request itself will not do.
    static func retried(_ status: Int) -> Bool {
        status >= 500 || status == 408 || status == 425 || status == 429 || status < 200
    }
}

/// How the outbox retries: the first retry's delay, doubled each time up to `maxRetry`, until
/// `giveUpAfter` seconds from the first attempt; the in-flight and waiting bounds.
///
/// ```swift
/// WebhookPolicy().delay(afterAttempt: 1)    // 10
/// WebhookPolicy().delay(afterAttempt: 20)   // 3600: the cap
/// ```
public struct WebhookPolicy: Hashable, Sendable {
    public var firstRetry: Double
    public var maxRetry: Double
    public var giveUpAfter: Double
    public var maxInFlight: Int
    public var maxPending: Int

    public init(firstRetry: Double = 10, maxRetry: Double = 3600, giveUpAfter: Double = 86_400, maxInFlight: Int = 4,
                maxPending: Int = 10_000) {
        self.firstRetry = firstRetry
        self.maxRetry = maxRetry
        self.giveUpAfter = giveUpAfter
        self.maxInFlight = max(1, maxInFlight)
        self.maxPending = max(1, maxPending)
    }

    /// Seconds to wait after attempt `attempt` (1, 2, …) failed.
    ///
    /// ```swift
    /// WebhookPolicy(firstRetry: 0.2).delay(afterAttempt: 2)   // 0.4
    /// ```
    public func delay(afterAttempt attempt: Int) -> Double {
        let doublings = Double(max(0, min(attempt - 1, 40)))
        return min(maxRetry, firstRetry * pow2(doublings))
    }

    private func pow2(_ n: Double) -> Double {
        var value = 1.0
        for _ in 0..<Int(n) { value *= 2 }
        return value
    }
}
