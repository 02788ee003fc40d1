import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClient

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
