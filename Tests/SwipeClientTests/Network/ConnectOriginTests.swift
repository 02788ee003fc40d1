import Testing
@testable import SwipeClient

/// The SSH gateway's origin: only IP addresses reach the bind call and the X-Forwarded-For header.
@Suite struct ConnectOriginTests {
    @Test(arguments: [("127.0.0.2", "203.0.113.9", true), ("127.0.0.2", "2001:db8::7", true), ("::1", "10.0.0.1", true),
                      ("127.0.0.2", "1.2.3.4\r\nX-Evil: 1", false), ("127.0.0.2", "", false), ("localhost", "1.2.3.4", false),
                      ("127.0.0.2", "1.2.3.4, 5.6.7.8", false)])
    func onlyAddressesAreTaken(_ bind: String, _ forwarded: String, _ taken: Bool) {
        let origin = ConnectOrigin(bindAddress: bind, forwardedFor: forwarded)
        #expect((origin != nil) == taken)
        if let origin { #expect(origin.header == forwarded && origin.bindAddress == bind) }
    }
}
