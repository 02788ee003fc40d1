import Testing
@testable import SwipeClient

@Suite struct LinkTests {
    @Test func linksNcursesw() {
        #expect(SwipeClientInfo.cursesVersion.hasPrefix("ncurses 6"))
    }
}
