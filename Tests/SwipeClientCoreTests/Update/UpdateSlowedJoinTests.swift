import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeClientCore

/// The server slows joins from an address where someone guessed many room codes (a NAT is shared):
/// the client waits as told, says why on screen, and goes again on the same connection.
@Suite struct UpdateSlowedJoinTests {
    static let slowed = ProtocolError(.rateLimited, "join: over 20 failed joins (wrong room codes or tokens) came from "
        + "10.0.0.7 in the last minute, so each connection from it may try a room code once every 5 s; retry in 5 s", retryAfter: 5)

    static func joining() -> AppModel {
        var model = UpdateConnectionTests.fresh()
        update(&model, .tick(now: 1_000))
        update(&model, .connected)
        return model
    }

    @Test func aSlowedJoinGoesAgainWhenTold() {
        var model = Self.joining()
        #expect(update(&model, .server(.error(Self.slowed))).isEmpty)
        #expect(model.joinRetryAt == 6_000)
        #expect(model.connection == .joining(attempt: 1))
        #expect(model.nextWakeup() == 2_000, "the countdown on screen changes each second")
        #expect(update(&model, .tick(now: 5_999)).isEmpty)
        #expect(update(&model, .tick(now: 6_000)) == [.send(.join(JoinRoom(room: "K7QM-X4TD-9R", name: "Bo")))])
        #expect(model.joinRetryAt == nil)
        #expect(update(&model, .tick(now: 6_100)).isEmpty, "one join per wait")
    }

    @Test func theScreenSaysWhyAndCountsDown() {
        var model = Self.joining()
        update(&model, .server(.error(Self.slowed)))
        update(&model, .tick(now: 2_500))
        let text = view(model, size: TermSize(columns: 80, rows: 24)).plainText
        #expect(text.contains("joining in 4 s"), "\(text)")
        #expect(text.contains("the server is slowing joins"), "\(text)")
        #expect(text.contains("from this network"), "\(text)")
    }

    /// (retryAfter, whether the client waits it out)
    @Test(arguments: [(1.0, true), (120.0, true), (121.0, false)])
    func onlyAShortWaitIsWaitedOut(_ seconds: Double, _ waits: Bool) {
        var model = Self.joining()
        let refusal = ProtocolError(.rateLimited, "join: slowed", retryAfter: seconds)
        let effects = update(&model, .server(.error(refusal)))
        #expect(effects == (waits ? [] : [.disconnect, .exit(.refused("join: slowed"))]))
        #expect((model.joinRetryAt != nil) == waits)
    }

    @Test func aConnectionLostWhileWaitingEndsTheClientWithTheReason() {
        var model = Self.joining()
        update(&model, .server(.error(Self.slowed)))
        #expect(update(&model, .disconnected(reason: "server closed")) == [.exit(.unreachable("server closed"))])
        #expect(update(&model, .tick(now: 6_000)).isEmpty, "no join on a closed connection")
    }
}
