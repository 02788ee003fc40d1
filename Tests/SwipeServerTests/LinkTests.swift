import Testing
@testable import SwipeServer

@Suite struct LinkTests {
    @Test func linksLibwebsockets() {
        #expect(SwipeServerInfo.libwebsocketsVersion.hasPrefix("4."))
    }
}
