import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClient
@testable import SwipeClientCore

@Suite struct DemoBotTests {
    static func host() -> DemoBot {
        var bot = DemoBot(name: "Maya", seed: 3, likeBias: 0.7)
        bot.creates = CreateRoom(name: "Maya", deck: "movies", rule: .majority, pacing: .lockstep)
        bot.startsWhenJoinedBy = "You"
        return bot
    }

    static func welcome(phase: RoomPhase) -> ServerMessage {
        .welcome(Welcome(you: "m1", token: "t", serverTime: 0, room: RoomSnapshot(
            code: "K7QM-X4TD-9R", deckName: "movies", rule: .majority, pacing: .lockstep, phase: phase,
            members: [], totalCards: 3, remaining: 3, visible: SampleScenes.cards)))
    }

    @Test func theHostCreatesTheRoomAndReportsItsCode() {
        var bot = Self.host()
        #expect(bot.handle(.connected) == [.send(.create(CreateRoom(name: "Maya", deck: "movies", rule: .majority, pacing: .lockstep)))])
        #expect(bot.handle(.server(Self.welcome(phase: .lobby))) == [.roomCreated("K7QM-X4TD-9R")])
    }

    @Test func aMemberJoinsTheRoomItWasGiven() {
        var bot = DemoBot(name: "Theo", seed: 1, likeBias: 0.5)
        #expect(bot.handle(.connected).isEmpty)
        bot.setRoom("K7QM-X4TD-9R")
        #expect(bot.handle(.connected) == [.send(.join(JoinRoom(room: "K7QM-X4TD-9R", name: "Theo")))])
    }

    @Test func theHostStartsOnceTheHumanArrives() {
        var bot = Self.host()
        bot.handle(.server(Self.welcome(phase: .lobby)))
        #expect(bot.handle(.server(.memberJoined(MemberInfo(id: "m2", name: "Theo", role: .member, online: true)))).isEmpty)
        #expect(bot.handle(.server(.memberJoined(MemberInfo(id: "m4", name: "You", role: .member, online: true))))
                == [.send(.host(HostCommand(command: .start)))])
    }

    @Test func itDragsThenSwipesAfterAHumanPause() {
        var bot = DemoBot(name: "Ines", seed: 9, likeBias: 0.6, room: "K7QM-X4TD-9R")
        bot.handle(.tick(now: 0))
        bot.handle(.server(Self.welcome(phase: .voting)))
        #expect(bot.handle(.tick(now: 1_000)).isEmpty)   // at least 1.2 s of thinking first
        var sent: [ClientMessage] = []
        var now = 1_000.0
        while now < 6_000, !sent.contains(where: { if case .swipe = $0 { return true } else { return false } }) {
            now += 50
            for case let .send(message) in bot.handle(.tick(now: now)) { sent.append(message) }
        }
        let phases = sent.compactMap { if case let .drag(d) = $0 { return d.phase } else { return nil } }
        #expect(phases.first == .began && phases.last == .ended && phases.contains(.changed))
        guard case let .swipe(vote)? = sent.last else {
            Issue.record("no swipe within 5 s: \(sent)")
            return
        }
        #expect(vote.card == "dune")
        #expect(bot.handle(.tick(now: now + 10_000)).isEmpty)   // one vote per card
    }

    @Test func aResolvedCardMovesItOnToTheNext() {
        var bot = DemoBot(name: "Ines", seed: 9, likeBias: 0.6, room: "K7QM-X4TD-9R")
        bot.handle(.server(Self.welcome(phase: .voting)))
        bot.handle(.server(.cardResolved(CardResolved(card: "dune", outcome: .noMatch, tally: Tally(card: "dune"),
                                                       visible: Array(SampleScenes.cards.dropFirst()), remaining: 2))))
        var swiped: CardID?
        var now = 0.0
        while now < 8_000, swiped == nil {
            now += 50
            for case let .send(.swipe(vote)) in bot.handle(.tick(now: now)) { swiped = vote.card }
        }
        #expect(swiped == "amelie")
    }
}
