import Testing
@testable import SwipeServer

@Suite struct ClientAddressTests {
    /// (range, address, contained)
    static let ranges: [(String, String, Bool)] = [
        ("10.0.0.0/8", "10.200.1.2", true),
        ("10.0.0.0/8", "11.0.0.1", false),
        ("192.168.1.0/25", "192.168.1.127", true),
        ("192.168.1.0/25", "192.168.1.128", false),
        ("127.0.0.1", "127.0.0.1", true),
        ("127.0.0.1", "127.0.0.2", false),
        ("2001:db8::/32", "2001:db8:cafe::17", true),
        ("2001:db8::/32", "2001:db9::1", false),
        ("127.0.0.0/8", "::ffff:127.0.0.9", true),
        ("0.0.0.0/0", "203.0.113.1", true),
        ("10.0.0.0/8", "not an address", false),
    ]

    @Test(arguments: ranges) func rangesContainTheirAddresses(range: String, address: String, contained: Bool) throws {
        #expect(try AddressRange(parsing: range).contains(address) == contained)
    }

    @Test(arguments: ["10.0.0.0/33", "bogus", "::1/129", "10.0.0.0/x"]) func badRangesAreRefused(text: String) {
        #expect(throws: AddressRange.ParseError.self) { try AddressRange(parsing: text) }
    }

    /// (peer, Forwarded, X-Forwarded-For, the address counted)
    static let resolutions: [(String, String?, String?, String)] = [
        ("198.51.100.7", nil, "1.2.3.4", "198.51.100.7"),                       // untrusted peer: headers ignored
        ("10.0.0.5", nil, nil, "10.0.0.5"),                                      // trusted, no header: the proxy
        ("10.0.0.5", nil, "203.0.113.9", "203.0.113.9"),
        ("10.0.0.5", nil, "6.6.6.6, 203.0.113.9", "203.0.113.9"),                // what the client wrote is not believed
        ("10.0.0.5", nil, "203.0.113.9, 10.0.0.6", "203.0.113.9"),               // two trusted hops
        ("10.0.0.5", "for=192.0.2.60;proto=http", "1.1.1.1", "192.0.2.60"),      // Forwarded wins
        ("10.0.0.5", "for=\"[2001:db8:cafe::17]:4711\"", nil, "2001:db8:cafe::17"),
        ("10.0.0.5", "for=192.0.2.1:8080", nil, "192.0.2.1"),
        ("10.0.0.5", nil, "garbage", "10.0.0.5"),
    ]

    @Test(arguments: resolutions) func theClientIsTheFirstUntrustedHopFromTheRight(peer: String, forwarded: String?, forwardedFor: String?, expected: String) throws {
        let proxies = [try AddressRange(parsing: "10.0.0.0/24")]
        #expect(ClientAddress.resolve(peer: peer, forwarded: forwarded, forwardedFor: forwardedFor, trusted: proxies) == expected)
    }
}
