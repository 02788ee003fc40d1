import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// Two members of a room cannot share a name: a second "Bo" without Bo's token is refused with
/// `nameTaken` (online or not, in any case and spacing), Bo with his token comes back as himself.
@Suite struct RoomNameTakenTests {
    /// (the name a later join gives, whether it is refused)
    @Test(arguments: [("Bo", true), ("bo", true), ("  BO ", true), ("Ann", true), ("Bo2", false), ("Dee", false)])
    func aNameInUseIsRefused(_ name: String, _ refused: Bool) {
        var h = RoomLockstepTests.started()
        let joined = h.join(name)
        #expect((joined == nil) == refused)
        if refused {
            guard case let .error(error)? = h.lastReply else { Issue.record("no refusal"); return }
            #expect(error.code == .nameTaken)
            #expect(error.message == "join: \(name.trimmingCharacters(in: .whitespaces)) is already a member of room \(h.code); choose another name")
            #expect(!error.code.closesConnection)
        }
    }

    @Test func aMemberWhoseConnectionDroppedStillOwnsTheName() throws {
        var h = RoomLockstepTests.started()
        let token = try #require(h.room?.members.first { $0.id == "m2" }?.token)
        h.disconnect("m2", grace: 60_000)
        #expect(h.join("Bo") == nil)
        #expect(h.join("Bo", token: token) == "m2")
        #expect(h.room?.members.filter { $0.name == "Bo" }.count == 1)
    }
}
