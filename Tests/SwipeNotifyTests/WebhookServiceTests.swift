import Foundation
import Testing
import SwipeStore
@testable import SwipeNotify

/// The service as the shell drives it, with a scripted sender (no network): events kept before
/// they are sent, the URL kept for `decided` and forgotten after, the sender's answers fed back
/// on the test's thread (the service thread's stand-in), a restart that gives up on a host no
/// longer allowed.
@Suite struct WebhookServiceTests {
    /// The sender's outcomes, handed back in order (a semaphore per answer: no sleeping).
    final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [(String, WebhookOutcome)] = []
        private var sent: [WebhookRequest] = []
        let arrived = DispatchSemaphore(value: 0)

        func record(_ request: WebhookRequest) { lock.withLock { sent.append(request) } }
        func finished(_ key: String, _ outcome: WebhookOutcome) {
            lock.withLock { answers.append((key, outcome)) }
            arrived.signal()
        }
        func next() -> (String, WebhookOutcome)? {
            guard arrived.wait(timeout: .now() + 10) == .success else { return nil }
            return lock.withLock { answers.removeFirst() }
        }
        var requests: [WebhookRequest] { lock.withLock { sent } }
    }

    static func service(store: any WebhookStore, allow: [String] = ["hooks.example"], statuses: [Int], answers: Answers) throws -> WebhookService {
        var settings = NotifySettings()
        settings.allowList = try NotifyAllowList(parsing: allow)
        let script = NSLock()
        nonisolated(unsafe) var left = statuses
        return WebhookService(settings: settings, store: store, now: 0, log: { _ in }, makeSender: { capacity in
            WebhookSender(capacity: capacity, send: { request in
                answers.record(request)
                return .status(script.withLock { left.count > 1 ? left.removeFirst() : left.first ?? 200 })
            }, finished: { answers.finished($0, $1) }, due: {})
        })
    }

    @Test func openedThenDecidedWithARetryBetween() throws {
        let store = MemoryWebhookStore()
        let answers = Answers()
        let service = try Self.service(store: store, statuses: [500, 200], answers: answers)
        service.opened(room: "R", deck: "lunch", url: "https://hooks.example/x", joinLines: ["swipe join ws://h.example/R"], at: 0)
        #expect(try store.loadWebhooks().map(\.attempts) == [1])   // kept before it went out
        let failed = try #require(answers.next())
        #expect(failed.1 == .status(500))
        service.finished(failed.0, failed.1, at: 1)
        #expect(service.outbox.nextDue == 11)
        service.pump(at: 11)
        let delivered = try #require(answers.next())
        service.finished(delivered.0, delivered.1, at: 12)
        #expect(try store.loadWebhooks().map(\.state) == [.delivered])
        service.decided(room: "R", winner: "Pho", ranking: [RankedOption(title: "Pho", likes: 2)], at: 20)
        #expect(try store.notifyURL(room: "R") == nil)   // nothing more to say
        let decided = try #require(answers.next())
        service.finished(decided.0, decided.1, at: 21)
        #expect(answers.requests.map(\.key) == ["swipedeck-R-opened", "swipedeck-R-opened", "swipedeck-R-decided"])
        #expect(answers.requests.map(\.attempt) == [1, 2, 1])
        service.stop()
    }

    @Test func aRoomWithoutAWebhookSendsNothing() throws {
        let store = MemoryWebhookStore()
        let answers = Answers()
        let service = try Self.service(store: store, statuses: [200], answers: answers)
        service.decided(room: "S", winner: "Pho", ranking: [], at: 0)
        #expect(try store.loadWebhooks().isEmpty && service.outbox.pending.isEmpty)
    }

    @Test func aRestartGivesUpOnAHostNoLongerAllowed() throws {
        let store = MemoryWebhookStore()
        try store.saveWebhook(WebhookRecord(key: "swipedeck-R-opened", room: "R", url: "https://gone.example/x", body: [1], createdAt: 0,
                                            attempts: 1, nextAttempt: 0, state: .pending))
        let service = try Self.service(store: store, statuses: [200], answers: Answers())
        #expect(try store.loadWebhooks().map(\.state) == [.gaveUp])
        #expect(service.outbox.pending.isEmpty && service.outbox.settled == ["swipedeck-R-opened"])
    }
}
