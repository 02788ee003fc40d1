import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// A cluster node whose Redis is failing over answers a resume with `error` (`retryAfter: 1`) and
/// closes 1013. The member stays in the session and tries again when told, not after the growing
/// backoff: once the Sentinels have switched, every member is back within about a second.
@Suite struct UpdateStoreOutageTests {
    static let storeDown = ProtocolError(.other, "the server cannot reach its store (lost the connection to redis://10.0.0.5:6379/0: "
        + "Server closed the connection); reconnect in a moment", retryAfter: 1)

    /// Drops the connection, then fails `attempts` reconnects at once, as while the store is away.
    static func reconnecting(after attempts: Int) -> AppModel {
        var model = Fixtures.model()
        update(&model, .disconnected(reason: "store unavailable"))
        for _ in 0..<attempts {
            guard case let .reconnecting(_, retryAt) = model.connection else { break }
            update(&model, .tick(now: retryAt))
            update(&model, .disconnected(reason: "could not connect"))
        }
        return model
    }

    @Test func aResumeRefusedForTheStoreKeepsTheSessionAndComesBackWhenTold() {
        var model = Self.reconnecting(after: 4)
        guard case let .reconnecting(attempt, retryAt) = model.connection else { Issue.record("\(model.connection)"); return }
        #expect(attempt == 5 && retryAt - model.now == 4000, "the backoff had grown to 4 s")
        update(&model, .tick(now: retryAt))
        update(&model, .connected)
        #expect(update(&model, .server(.error(Self.storeDown))).isEmpty, "the session goes on")
        #expect(model.ended == nil && model.connection == .joining(attempt: 5))
        update(&model, .disconnected(reason: "closed 1013 store unavailable"))
        #expect(model.connection == .reconnecting(attempt: 6, retryAt: model.now + 1000), "tried again after retryAfter, not 5 s")
        // Once back, a plain loss backs off as before.
        update(&model, .tick(now: model.now + 1000))
        update(&model, .disconnected(reason: "could not connect"))
        #expect(model.connection == .reconnecting(attempt: 7, retryAt: model.now + 5000))
    }

    @Test func aVoteTheStoreDidNotTakeIsResentAfterTheReconnect() {
        var model = Fixtures.model()
        #expect(update(&model, .key(.right)) == [.send(.swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))])
        let unreplicated = ProtocolError(.other, "not acknowledged: no replica of the store confirmed it within 500 ms; send it again in a moment",
                                         retryAfter: 1)
        #expect(update(&model, .server(.error(unreplicated))).isEmpty)
        #expect(model.pendingVotes.count == 1)
        update(&model, .disconnected(reason: "closed 1013"))
        update(&model, .tick(now: model.now + 250))
        update(&model, .connected)
        #expect(update(&model, .server(.welcome(Fixtures.welcome()))).contains(.send(.swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))))
    }

    @Test(arguments: [(1, 1.0, 250.0), (3, 1.0, 1000.0), (5, 1.0, 1000.0), (9, 1.0, 1000.0), (9, 0.0, 5000.0), (4, 30.0, 2000.0)])
    func theServersRetryAfterCapsTheBackoff(_ attempt: Int, _ seconds: Double, _ ms: Double) {
        #expect(ConnectionStatus.backoff(attempt: attempt, serverRetryAfter: seconds) == ms)
    }
}
