import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// Server-timed animations: clients whose clocks disagree with the server's (and each other's)
/// start a broadcast fly-off at the same server instant, and one that hears of it late joins it
/// mid-flight. Clocks are injected: each model has its own local time and its own offset.
@Suite struct UpdateAnimationTimingTests {
    /// A model welcomed at local time `local` when the server's clock read 50 000, whose ping
    /// (sent at `local`, answered 20 ms later) measured the offset.
    static func model(local: Double) -> AppModel {
        var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil)),
                             size: TermSize(columns: 80, rows: 24))
        update(&model, .tick(now: local))
        update(&model, .connected)
        update(&model, .server(.welcome(Fixtures.welcome(serverTime: 50_000))))
        update(&model, .tick(now: local + 20))
        update(&model, .server(.pong(Pong(t: local, serverTime: 50_010))))
        return model
    }

    /// The group's fly-off of "dune", decided at server time 50 020 and scheduled 80 ms ahead.
    static let flyOff = CardAnimation(card: "dune", kind: .flyOff, from: .identity,
                                      to: CardTransform(translation: Point(x: 200, y: 75), alpha: 0),
                                      curve: .easeInOut, duration: 0.2, startAt: 50_100)

    /// What `model` shows of the leaving card at server time `server` (its local clock: server − offset).
    static func sample(_ model: inout AppModel, atServerTime server: Double) -> CardTransform? {
        guard let offset = model.clockOffset else { return nil }
        update(&model, .tick(now: server - offset))
        return model.leaving.first { $0.card.id == "dune" }?.motion.sample(now: model.now)
    }

    @Test func twoSkewedClientsStartTheFlyOffAtTheSameServerInstant() throws {
        var ann = Self.model(local: 1_000)        // offset +49 000
        var bo = Self.model(local: 700_000)       // offset −650 000
        #expect(ann.clockOffset == 49_000)
        #expect(bo.clockOffset == -650_000)
        update(&ann, .tick(now: 1_045))           // server 50 045: Ann hears of it first
        update(&ann, .server(.animation(Self.flyOff)))
        update(&bo, .tick(now: 700_070))          // server 50 070: Bo 25 ms later
        update(&bo, .server(.animation(Self.flyOff)))
        for server in [50_090.0, 50_100, 50_150, 50_199, 50_290] {
            let a = try #require(Self.sample(&ann, atServerTime: server))
            let b = try #require(Self.sample(&bo, atServerTime: server))
            #expect(a == b, "at server time \(server)")
            if server < Self.flyOff.startAt { #expect(a == .identity, "nothing moves before startAt") }
        }
    }

    @Test func halfwayThroughTheFlyOffTheCardIsHalfwayOut() throws {
        var bo = Self.model(local: 700_000)
        update(&bo, .tick(now: 700_070))
        update(&bo, .server(.animation(Self.flyOff)))
        let midway = try #require(Self.sample(&bo, atServerTime: 50_200))
        #expect(midway.translation.x > 50 && midway.translation.x < 200, "\(midway)")
    }

    @Test func aClientThatHearsLateJoinsMidFlight() throws {
        var early = Self.model(local: 1_000)
        var late = Self.model(local: 5_000)
        update(&early, .tick(now: 1_045))
        update(&early, .server(.animation(Self.flyOff)))
        update(&late, .tick(now: 5_150))         // offset +45 000: server 50 150, 50 ms after the start
        update(&late, .server(.animation(Self.flyOff)))
        let onEarly = try #require(Self.sample(&early, atServerTime: 50_170))
        let onLate = try #require(Self.sample(&late, atServerTime: 50_170))
        #expect(onLate == onEarly)
        #expect(onLate != .identity, "the late client does not start the fly-off over")
    }
}
