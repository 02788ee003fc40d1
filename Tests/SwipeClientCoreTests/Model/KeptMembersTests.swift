import Testing
import SwipeProtocol
@testable import SwipeClientCore

/// The memberships this machine keeps: keyed by server, room and name; newest wins; bad lines skipped.
@Suite struct KeptMembersTests {
    static let server = "ws://127.0.0.1:7681"

    @Test func rememberedMembersAreFoundBySeverRoomAndNameOnly() {
        var kept = KeptMembers(text: "")
        kept.remember(server: Self.server, room: "K7QM-X4TD-9R", name: "Bo", token: "aa11")
        kept.remember(server: Self.server, room: "K7QM-X4TD-9R", name: "Cy", token: "bb22")
        kept.remember(server: Self.server, room: "K7QM-X4TD-9R", name: "Bo", token: "cc33")
        #expect(kept.token(server: Self.server, room: "K7QM-X4TD-9R", name: "Bo") == "cc33")
        #expect(kept.token(server: Self.server, room: "K7QM-X4TD-9R", name: "Cy") == "bb22")
        #expect(kept.token(server: "ws://127.0.0.1:7682", room: "K7QM-X4TD-9R", name: "Bo") == nil)
        #expect(kept.token(server: Self.server, room: "ZZZZ-ZZZZ-ZZ", name: "Bo") == nil)
        #expect(kept.entries.count == 2)
        kept.forget(server: Self.server, room: "K7QM-X4TD-9R", name: "Bo")
        #expect(kept.token(server: Self.server, room: "K7QM-X4TD-9R", name: "Bo") == nil)
        #expect(KeptMembers(text: kept.text) == kept, "the text reads back as the same entries")
    }

    /// Table: a line of the file → whether it is read.
    @Test(arguments: [("ws://h:1\tK7QM-X4TD-9R\tBo\t0d12ef", true), ("ws://h:1\tK7QM-X4TD-9R\tBo", false),
                      ("ws://h:1\tK7QM-X4TD-9R\tBo\tnot hex", false), ("\tK7QM-X4TD-9R\tBo\tab", false),
                      ("ws://h:1\tK7QM\tBo\tab\textra", false), ("garbage", false)])
    func linesThatAreNotFourFieldsAreSkipped(_ line: String, _ read: Bool) {
        #expect(KeptMembers(text: line + "\n").entries.count == (read ? 1 : 0))
    }

    @Test func theOldestGoPastTheLimit() {
        var kept = KeptMembers(text: "")
        for n in 0...KeptMembers.limit { kept.remember(server: Self.server, room: RoomCode("R\(n)"), name: "Bo", token: "ab") }
        #expect(kept.entries.count == KeptMembers.limit)
        #expect(kept.token(server: Self.server, room: "R0", name: "Bo") == nil)
        #expect(kept.token(server: Self.server, room: RoomCode("R\(KeptMembers.limit)"), name: "Bo") == "ab")
    }
}
