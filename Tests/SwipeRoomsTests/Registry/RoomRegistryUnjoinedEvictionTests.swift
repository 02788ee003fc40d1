import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeRooms

@Suite struct RoomRegistryUnjoinedEvictionTests {
    @Test func aRoomOnlyItsCreatorEverJoinedGoesSoonerThanOneOthersJoined() throws {
        var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 4))
        let lonely = try #require(registry.create(CreateRoom(name: "A", deck: "movies"), from: ConnectionID(1), at: 0).room)
        let shared = try #require(registry.create(CreateRoom(name: "B", deck: "movies"), from: ConnectionID(2), at: 0).room)
        _ = registry.join(JoinRoom(room: shared, name: "C"), from: ConnectionID(3), at: 10)
        for (code, member) in [(lonely, "m1"), (shared, "m1"), (shared, "m2")] {
            _ = registry.handle(.memberDisconnected(MemberID(member)), in: code, at: 1_000)
        }
        #expect(registry.evictAbandoned(idle: 60_000, unjoinedIdle: 5_000, at: 5_999).isEmpty)
        #expect(registry.evictAbandoned(idle: 60_000, unjoinedIdle: 5_000, at: 6_000) == [lonely])
        #expect(registry.evictAbandoned(idle: 60_000, unjoinedIdle: 5_000, at: 60_999).isEmpty)
        #expect(registry.evictAbandoned(idle: 60_000, unjoinedIdle: 5_000, at: 61_000) == [shared])
    }

    @Test func roomsLeftUnjoinedAreOfferedLongestLeftFirst() throws {
        var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 5))
        let create = { (id: Int) in registry.create(CreateRoom(name: "A", deck: "movies"), from: ConnectionID(id), at: 0).room }
        let older = try #require(create(1)), newer = try #require(create(2)), occupied = try #require(create(3))
        let shared = try #require(create(4)), dropped = try #require(create(5))
        _ = registry.join(JoinRoom(room: shared, name: "C"), from: ConnectionID(6), at: 10)
        _ = registry.handle(.memberDisconnected(MemberID("m1")), in: newer, at: 2_000)    // left (grace 0)
        _ = registry.handle(.memberDisconnected(MemberID("m1")), in: older, at: 1_000)
        for member in ["m1", "m2"] { _ = registry.handle(.memberDisconnected(MemberID(member)), in: shared, at: 500) }
        _ = registry.handle(.memberDisconnected(MemberID("m1"), grace: 15_000), in: dropped, at: 500)   // may come back
        #expect(registry.leftUnjoined(among: [newer, occupied, shared, dropped, older]) == [older, newer])
        #expect(registry.leftUnjoined(among: [newer, "ZZZZ-ZZZZ-ZZ"]) == [newer])
        _ = registry.handle(.timerFired, in: dropped, at: 15_500)   // the drop grace is over
        #expect(registry.leftUnjoined(among: [dropped]) == [dropped])
    }
}
