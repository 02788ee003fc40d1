import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// The shell sleeps until `nextWakeup()`: these pin down that an idle client never asks for a tick
/// it does not need, and that every timed thing on screen does get one.
@Suite struct AppModelWakeupTests {
    @Test func aNewModelWantsATickAtOnceToConnect() {
        let model = UpdateConnectionTests.fresh()
        #expect(model.nextWakeup() == model.now)
    }

    @Test func anIdleOnlineClientWakesOnlyForTheNextPing() {
        var model = Fixtures.model()
        update(&model, .tick(now: model.now))
        let lastPing = model.lastPingAt ?? model.now
        #expect(!model.isAnimating)
        #expect(model.nextWakeup() == lastPing + AppModel.pingInterval)
    }

    @Test func somethingMovingWantsFramesAtSixtyPerSecond() {
        var model = Fixtures.model()
        update(&model, .key(.right))
        #expect(model.isAnimating)
        #expect(model.nextWakeup() == model.now + AppModel.frameInterval)
    }

    @Test func offlineWakesForTheReconnectAttempt() {
        var model = Fixtures.model()
        update(&model, .disconnected(reason: "gone"))
        guard case let .reconnecting(_, retryAt) = model.connection else {
            Issue.record("expected reconnecting, got \(model.connection)")
            return
        }
        #expect(model.nextWakeup() == retryAt)
    }

    @Test func theGroupsOutcomeToastWakesTheClientToGoAway() {
        var model = Fixtures.model()
        update(&model, .tick(now: model.now))
        model.lastPingAt = model.now
        update(&model, .server(.cardResolved(CardResolved(card: "dune", outcome: .noMatch,
                                                          tally: Tally(card: "dune", likes: 1, nopes: 1, voted: 2, eligible: 2),
                                                          visible: Array(Fixtures.cards.dropFirst()), remaining: 9))))
        update(&model, .tick(now: model.now + 1_000))   // the fly-off is over
        #expect(!model.isAnimating)
        let shown = model.outcome?.shownAt ?? -1
        #expect(model.nextWakeup() == shown + OutcomeToast.duration + 1)
    }

    @Test func aLockstepCountdownWakesOnTheNextWholeSecond() throws {
        var model = Fixtures.model()
        update(&model, .tick(now: model.now))
        let offset = try #require(model.clockOffset)
        model.lastPingAt = model.now            // the ping is not the nearest deadline
        model.room?.phase = .voting
        model.room?.deadline = model.now + offset + 2_500   // 2.5 s left: show "3", then "2" in 0.5 s
        #expect(model.nextWakeup() == model.now + 500)
    }
}
