import Testing
import SwipeProtocol

/// Table: the environment (and the account's home) → where SwipeDeck keeps state.
@Suite struct StateDirectoryTests {
    @Test(arguments: [
        (["XDG_STATE_HOME": "/s", "HOME": "/h"], Optional("/s/swipedeck")),
        (["XDG_STATE_HOME": "relative", "HOME": "/h"], "/h/.local/state/swipedeck"),
        (["HOME": "/h"], "/h/.local/state/swipedeck"),
        (["HOME": "h"], nil),
        ([:], nil),
    ])
    func theStateDirectoryFollowsXDG(_ environment: [String: String], _ path: String?) {
        #expect(StateDirectory.path(environment: environment) == path)
        #expect(StateDirectory.path(environment: environment, fallbackHome: "/acct") == path ?? "/acct/.local/state/swipedeck")
    }
}
