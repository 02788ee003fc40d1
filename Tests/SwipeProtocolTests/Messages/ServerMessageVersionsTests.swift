import SwipeCore
import Testing
@testable import SwipeProtocol

/// `asSent(toProtocol:)`: protocol 3 gets a resolution in one message, 1 and 2 in the parts they always had.
@Suite struct ServerMessageVersionsTests {
    static let dune = Card(id: "dune", title: "Dune", body: "Sand.", tags: ["sci-fi"])
    static let tally = Tally(card: "dune", likes: 2, voted: 2, eligible: 2)
    static let flyOff = CardAnimation(card: "dune", kind: .flyOff, from: .identity, to: CardTransform(translation: Point(x: 200, y: 75)),
                                      curve: .easeInOut, duration: 0.2, startAt: 1242.5)
    static let appear = CardAnimation(card: "up", kind: .appear, from: CardTransform(scale: 3.5, alpha: 0), to: .identity,
                                      curve: .spring(bounciness: 9, speed: 16), duration: 0.5497, startAt: 1242.5, index: 2)
    static func resolved(animations: [CardAnimation]?, matched: Card?) -> CardResolved {
        CardResolved(card: "dune", outcome: matched == nil ? .noMatch : .match, tally: tally, visible: [], remaining: 3,
                     animations: animations, matched: matched)
    }
    static var plain: ServerMessage { .cardResolved(resolved(animations: nil, matched: nil)) }

    @Test(arguments: [1, 2])
    func olderVersionsGetTheAnimationsThenThePlainResolutionThenTheMatch(version: Int) {
        let whole = ServerMessage.cardResolved(Self.resolved(animations: [Self.flyOff, Self.appear], matched: Self.dune))
        #expect(whole.differs(forProtocol: version))
        let plainMatch = ServerMessage.cardResolved(Self.resolved(animations: nil, matched: nil).withOutcome(.match))
        #expect(whole.asSent(toProtocol: version)
                == [.animation(Self.flyOff), .animation(Self.appear), plainMatch, .match(Match(card: Self.dune, tally: Self.tally))])
    }

    @Test func protocol3GetsTheWholeResolution() {
        let whole = ServerMessage.cardResolved(Self.resolved(animations: [Self.flyOff], matched: Self.dune))
        #expect(!whole.differs(forProtocol: 3))
        #expect(whole.asSent(toProtocol: 3) == [whole])
    }

    /// (what the resolution carries, what protocol 2 gets)
    @Test(arguments: [
        (nil, nil, ["cardResolved"]),
        ([], nil, ["cardResolved"]),
        (nil, dune, ["cardResolved", "match"]),
        ([flyOff], nil, ["animation", "cardResolved"]),
    ] as [([CardAnimation]?, Card?, [String])])
    func olderVersionsGetOnlyThePartsThereAre(animations: [CardAnimation]?, matched: Card?, types: [String]) {
        let message = ServerMessage.cardResolved(Self.resolved(animations: animations, matched: matched))
        let sent = message.asSent(toProtocol: 2)
        #expect(sent.map(\.type) == types)
        guard case let .cardResolved(plain)? = sent.first(where: { $0.type == "cardResolved" }) else { return }
        #expect(plain.animations == nil && plain.matched == nil)
    }

    @Test(arguments: [1, 2, 3])
    func everyOtherMessageIsSentAsItIs(version: Int) {
        let others: [ServerMessage] = [.tally(Self.tally), .animation(Self.flyOff), .match(Match(card: Self.dune, tally: Self.tally)),
                                       .pong(Pong(t: 1, serverTime: 2)), Self.plain]
        for message in others {
            #expect(!message.differs(forProtocol: version))
            #expect(message.asSent(toProtocol: version) == [message])
        }
    }
}

private extension CardResolved {
    func withOutcome(_ outcome: CardOutcome) -> CardResolved {
        var copy = self
        copy.outcome = outcome
        return copy
    }
}
