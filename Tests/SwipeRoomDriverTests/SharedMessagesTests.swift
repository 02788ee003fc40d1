import SwipeProtocol
import Testing
@testable import SwipeRoomDriver

@Suite struct SharedMessagesTests {
    @Test(arguments: [
        ("10.0.0.7\n30000.000 2.500", "10.0.0.7", [30_000, 2.5]),
        ("::1\n1.000", "::1", [1]),
        ("10.0.0.7\n", nil, nil),
        ("\n1.000", nil, nil),
        ("10.0.0.7 1.000", nil, nil),
        ("10.0.0.7\n1.000 x", nil, nil),
    ] as [(String, String?, [Double]?)])
    func readsASlowedAddress(payload: String, address: String?, ages: [Double]?) {
        let read = SlowedLookups(decoding: Array(payload.utf8))
        #expect(read?.address == address)
        #expect(read?.ages == ages)
    }

    @Test func aSlowedAddressReadsBackAsItWasWritten() {
        let slowed = SlowedLookups(address: "2001:db8::7", ages: [0, 12.5, 59_999])
        #expect(SlowedLookups(decoding: slowed.encoded) == slowed)
    }

    @Test(arguments: [
        (RelayedMessage(node: "n1#4f2a", except: "m2", message: Array("{\"a\":\n1}".utf8))),
        (RelayedMessage(node: "n1#4f2a", except: nil, message: [])),
    ])
    func aRelayReadsBackAsItWasWritten(relay: RelayedMessage) {
        #expect(RelayedMessage(decoding: relay.encoded) == relay)
    }

    @Test(arguments: ["", "n1", "n1\nm2", "\nm2\n{}"])
    func whatIsNotARelayIsNone(text: String) {
        #expect(RelayedMessage(decoding: Array(text.utf8)) == nil)
    }
}
