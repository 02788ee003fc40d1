import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

@Suite struct RoomCheckpointTests {
    /// Checkpoints taken at random points of a random session, plus the records after each, rebuild
    /// every live room exactly, as the whole log does.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func aCheckpointAndItsTailRebuildTheRoomExactly(seed: UInt64) throws {
        var session = ScriptedSession(seed: seed)
        var saved: [RoomCode: (checkpoint: RoomCheckpoint, recordCount: Int)] = [:]
        var random = SplitMix64(seed: seed)
        for _ in 0..<400 {
            session.step()
            if random.next() % 5 == 0 {
                for (code, room) in session.registry.rooms {
                    // Through the bytes the store keeps.
                    saved[code] = (try RoomCheckpoint.decoded(room.checkpoint.encoded(), room: code), session.records.count)
                    #expect(saved[code]?.checkpoint == room.checkpoint)
                }
            }
        }
        let oldestCovered = saved.values.map(\.recordCount).min() ?? 0
        let tail = session.records.enumerated().filter { index, record in
            index >= (saved[record.room]?.recordCount ?? 0)
        }.map(\.element)
        #expect(tail.count < session.records.count - oldestCovered + 1)
        var restored = RoomRegistry(library: .bundled())
        let report = try restored.restore(checkpoints: saved.values.map(\.checkpoint), tail: tail, at: session.now)
        #expect(restored.rooms.mapValues(\.durableState) == session.liveStates)
        #expect(report.tailLengths.values.reduce(0, +) == tail.filter { restored.rooms[$0.room] != nil }.count)
    }

    @Test func theServersOwnSettingsReplaceTheSavedOnes() throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies"))
        h.join("Bo")
        let checkpoint = try #require(h.room?.checkpoint)
        let room = Room(restoring: checkpoint, maxMembers: 8, animationLead: 20)
        #expect(room.settings.maxMembers == 8)
        #expect(room.settings.animationLead == 20)
        #expect(room.members.map(\.name) == ["Ann", "Bo"])
    }

    @Test func aCheckpointFromANewerServerIsRefusedByName() throws {
        var writer = CheckpointWriter()
        writer.int(99)
        let error = #expect(throws: RestoreError.self) { try RoomCheckpoint.decoded(RoomCheckpoint.magic + writer.bytes, room: "K7QM-X4TD-9R") }
        #expect(error?.description.contains("newer swipe-server") == true)
        #expect(error?.room == "K7QM-X4TD-9R")
    }

    /// Damaged bytes (cut anywhere, or with a byte flipped) are refused with an error, never a crash
    /// or a huge allocation.
    @Test func damagedCheckpointsAreRefusedNotCrashedOn() throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies", pacing: .free))
        h.join("Bo")
        h.swipe("m2", "dune", .up)
        let bytes = try #require(h.room?.checkpoint.encoded())
        #expect(try RoomCheckpoint.decoded(bytes) == h.room?.checkpoint)
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: RestoreError.self) { try RoomCheckpoint.decoded(Array(bytes.prefix(cut))) }
        }
        var random = SplitMix64(seed: 3)
        for _ in 0..<2_000 {
            var damaged = bytes
            damaged[Int(random.next() % UInt64(bytes.count))] ^= UInt8(1 << (random.next() % 8))
            _ = try? RoomCheckpoint.decoded(damaged)   // may decode to another valid room; must not crash
        }
    }

    /// Reading and writing the primitives round-trips, edge values included.
    @Test(arguments: [0, 1, -1, 63, -64, 127, 128, Int.max, Int.min])
    func integersRoundTrip(value: Int) throws {
        var writer = CheckpointWriter()
        writer.int(value)
        var reader = CheckpointReader(writer.bytes)
        #expect(try reader.int() == value)
        #expect(reader.isAtEnd)
    }
}
