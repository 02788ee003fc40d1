import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// Key tags beside names (members through the SSH gateway): the room shows the tag the server
/// gave a join, keeps it for a resume, and shows a new one to everyone.
@Suite struct RoomKeyTagTests {
    static func join(_ h: inout RoomHarness, _ name: String, tag: String?, token: String? = nil) -> MemberID? {
        var request = JoinRoom(room: h.code, name: name, token: token)
        request.keyTag = tag
        let connection = ConnectionID(h.nextConnection)
        h.nextConnection += 1
        h.apply(h.registry.join(request, from: connection, at: h.now).effects)
        return h.binds[connection]
    }

    @Test func aTaggedJoinIsShownToEveryoneAndKeptOnResume() throws {
        var create = CreateRoom(name: "Ann", deck: "movies", pacing: .free)
        create.keyTag = "Y4Fe1v"
        var h = RoomHarness(create)
        #expect(h.welcome("m1")?.room.members.first?.tag == "Y4Fe1v", "the creator's tag")
        let bo = try #require(Self.join(&h, "Bo", tag: "kQ9+/z"))
        let joined = h.received("m1", "memberJoined").compactMap { if case let .memberJoined(info) = $0 { info } else { nil } }
        #expect(joined.last?.id == bo && joined.last?.tag == "kQ9+/z")
        let token = try #require(h.welcome(bo)?.token)
        h.disconnect(bo)
        // Back through the gateway with the same key: the same tag, nothing to tell anyone.
        _ = Self.join(&h, "Bo", tag: "kQ9+/z", token: token)
        #expect(h.welcome(bo)?.room.members.first { $0.id == bo }?.tag == "kQ9+/z")
        // A resume from elsewhere (no tag) keeps the one it had.
        h.disconnect(bo)
        _ = Self.join(&h, "Bo", tag: nil, token: token)
        #expect(h.room?.members.first { $0.id == bo }?.tag == "kQ9+/z")
    }

    @Test(arguments: ["", "\u{1b}[2J", "way-too-long-for-a-tag-xx", "Bo ·x"])
    func aTagThatIsNotOneIsDropped(_ tag: String) throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", pacing: .free))
        let bo = try #require(Self.join(&h, "Bo", tag: tag))
        #expect(h.welcome(bo)?.room.members.first { $0.id == bo }?.tag == nil)
    }

    /// (fingerprint, tag)
    @Test(arguments: [("SHA256:Y4Fe1v/KSkkIUbdrDMb3QzkfEzkbj3VbctMRPVUfb2I", "Y4Fe1v"), ("SHA256:+/9abcdef", "+/9abc"), ("SHA256:", nil)] as [(String, String?)])
    func aFingerprintsTagIsItsFirstSixCharacters(_ fingerprint: String, _ tag: String?) {
        #expect(KeyTag.tag(ofFingerprint: fingerprint) == tag)
    }
}
