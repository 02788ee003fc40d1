import Testing
@testable import SwipeServer

@Suite struct SubprotocolOfferTests {
    @Test(arguments: [
        (nil, true), ("", true), ("swipedeck.v1", true), ("swipedeck.v2", true), ("swipedeck.v2, swipedeck.v1", true), ("swipedeck.v3", true), ("swipedeck.v3, swipedeck.v2, swipedeck.v1", true), ("chat, swipedeck.v1", true), (" swipedeck.v1 ,x", true),
        ("swipedeck.v4", true), ("swipedeck.v4, swipedeck.v3", true), ("swipedeck.v5", true), ("swipedeck.v5, swipedeck.v4", true),
        ("chat", false), ("swipedeck.v6", false), ("chat,superchat", false), ("Swipedeck.v1", false),
    ] as [(String?, Bool)])
    func servedOnlyWhenNothingOrAVersionOfSwipedeckIsOffered(header: String?, served: Bool) {
        let offer = SubprotocolOffer(header: header)
        #expect(offer.isServed == served)
        #expect((offer.refusal == nil) == served)
    }

    @Test func theRefusalSaysWhatWasOfferedAndWhatToOffer() {
        #expect(SubprotocolOffer(header: "chat, mqtt").refusal
                == "no supported subprotocol in \"chat, mqtt\": offer swipedeck.v5 or swipedeck.v4 or swipedeck.v3 or swipedeck.v2 or swipedeck.v1 (or none)")
    }
}
