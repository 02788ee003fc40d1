import SwipeStore
import Testing
@testable import SwipeNotify

/// The delivery state machine, with time passed in: backoff, its cap, giving up after 24 h, a 2xx
/// settling an event for good, the in-flight bound, and a restart.
@Suite struct WebhookOutboxTests {
    static let url = "https://hooks.example/x"
    static let opened = WebhookEvent.opened(room: "R", deck: nil, joinLines: [])

    func sends(_ effects: [WebhookEffect]) -> [WebhookRequest] {
        effects.compactMap { if case let .send(request) = $0 { return request } else { return nil } }
    }

    func saved(_ effects: [WebhookEffect]) -> [WebhookRecord] {
        effects.compactMap { if case let .save(record) = $0 { return record } else { return nil } }
    }

    @Test(arguments: [(1, 10.0), (2, 20), (3, 40), (9, 2560), (10, 3600), (60, 3600)])
    func backoffDoublesUpToItsCap(_ attempt: Int, _ delay: Double) {
        #expect(WebhookPolicy().delay(afterAttempt: attempt) == delay)
    }

    @Test func aFailureIsRetriedWithTheSameKeyAndA2xxSettlesIt() {
        var outbox = WebhookOutbox(policy: WebhookPolicy(firstRetry: 10))
        #expect(saved(outbox.enqueue(Self.opened, to: Self.url, at: 100)).map(\.state) == [.pending])
        let first = sends(outbox.due(at: 100))
        #expect(first.map(\.attempt) == [1])
        #expect(outbox.due(at: 100).isEmpty)   // in flight: not handed over twice
        let failed = outbox.finished(first[0].key, .status(500), at: 101)
        #expect(saved(failed).first?.nextAttempt == 111)
        #expect(outbox.nextDue == 111)
        #expect(sends(outbox.due(at: 110)).isEmpty)
        let second = sends(outbox.due(at: 111))
        #expect(second.map(\.key) == first.map(\.key) && second.map(\.attempt) == [2] && second[0].body == first[0].body)
        #expect(saved(outbox.finished(second[0].key, .status(204), at: 112)).map(\.state) == [.delivered])
        #expect(outbox.pending.isEmpty && outbox.nextDue == nil)
        #expect(outbox.enqueue(Self.opened, to: Self.url, at: 200).isEmpty)   // delivered: never again
        #expect(sends(outbox.due(at: 10_000)).isEmpty)
    }

    @Test(arguments: [
        (WebhookOutcome.status(500), true), (.status(503), true), (.status(429), true), (.status(408), true),
        (.failed("Timeout was reached"), true), (.status(301), false), (.status(404), false), (.status(400), false),
    ])
    func whatIsRetried(_ outcome: WebhookOutcome, _ retried: Bool) {
        var outbox = WebhookOutbox()
        _ = outbox.enqueue(Self.opened, to: Self.url, at: 0)
        let key = sends(outbox.due(at: 0))[0].key
        let state = saved(outbox.finished(key, outcome, at: 1)).first?.state
        #expect(state == (retried ? .pending : .gaveUp))
    }

    @Test func givesUpOnceTheNextTryWouldBePast24Hours() {
        var outbox = WebhookOutbox(policy: WebhookPolicy(firstRetry: 10, maxRetry: 3600))
        _ = outbox.enqueue(Self.opened, to: Self.url, at: 0)
        var now = 0.0
        var attempts = 0
        var last: [WebhookEffect] = []
        while let due = outbox.nextDue, attempts < 100 {
            now = due
            guard let request = sends(outbox.due(at: now)).first else { break }
            attempts += 1
            last = outbox.finished(request.key, .failed("Couldn't connect to server"), at: now)
        }
        #expect(saved(last).map(\.state) == [.gaveUp])
        #expect(last.contains { if case let .log(line) = $0 { return line.contains("given up") } else { return false } })
        #expect(now <= 86_400 && now > 86_400 - 3600)
        #expect(attempts == 32)   // 10+20+…+2560 (9 tries, 5110 s), then hourly until 24 h
        #expect(outbox.pending.isEmpty && outbox.enqueue(Self.opened, to: Self.url, at: now).isEmpty)
    }

    @Test func atMostMaxInFlightAreWithTheSender() {
        var outbox = WebhookOutbox(policy: WebhookPolicy(maxInFlight: 2))
        for room in ["A", "B", "C"] { _ = outbox.enqueue(.opened(room: room, deck: nil, joinLines: []), to: Self.url, at: 0) }
        let first = sends(outbox.due(at: 0))
        #expect(first.map(\.key) == ["swipedeck-A-opened", "swipedeck-B-opened"])
        #expect(sends(outbox.due(at: 1)).isEmpty)
        _ = outbox.finished(first[0].key, .status(200), at: 1)
        #expect(sends(outbox.due(at: 1)).map(\.key) == ["swipedeck-C-opened"])
    }

    @Test func theWaitingAreBounded() {
        var outbox = WebhookOutbox(policy: WebhookPolicy(maxPending: 1))
        _ = outbox.enqueue(.opened(room: "A", deck: nil, joinLines: []), to: Self.url, at: 0)
        let dropped = outbox.enqueue(.opened(room: "B", deck: nil, joinLines: []), to: Self.url, at: 0)
        #expect(saved(dropped).isEmpty && dropped.count == 1)
        #expect(outbox.pending.keys.sorted() == ["swipedeck-A-opened"])
    }

    @Test func aRestartGoesOnWhereItWas() {
        var before = WebhookOutbox()
        var kept: [String: WebhookRecord] = [:]
        func keep(_ effects: [WebhookEffect]) { for record in saved(effects) { kept[record.key] = record } }
        keep(before.enqueue(.opened(room: "A", deck: nil, joinLines: []), to: Self.url, at: 0))
        keep(before.enqueue(.decided(room: "B", winner: "Pho", ranking: []), to: Self.url, at: 0))
        let handed = before.due(at: 0)
        keep(handed)
        #expect(sends(handed).count == 2)
        keep(before.finished("swipedeck-B-decided", .status(200), at: 1))
        // A was with the sender when the process stopped: it is sent again, attempt 2, same key.
        var after = WebhookOutbox()
        after.restore(Array(kept.values))
        let again = sends(after.due(at: 2))
        #expect(again.map(\.key) == ["swipedeck-A-opened"] && again.map(\.attempt) == [2])
        #expect(after.enqueue(.decided(room: "B", winner: "Pho", ranking: []), to: Self.url, at: 3).isEmpty)
    }
}
