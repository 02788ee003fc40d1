import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeServer

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
}
