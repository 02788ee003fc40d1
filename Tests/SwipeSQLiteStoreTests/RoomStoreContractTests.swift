import Foundation
import SwipeBackend
import SwipeCore
import SwipeMemoryStore
import SwipeProtocol
import SwipeRooms
import SwipeSQLiteStore
import Testing

/// What every `RoomStore` must do, as one table run over each: the SQLite log (in a temporary
/// directory) and memory. A new store joins `Kind` and must pass the same rows. A reopen of the
/// same store object stands for a restart (the store outlives the process).
@Suite struct RoomStoreContractTests {
    enum Kind: String, CaseIterable, Sendable {
        case sqlite, memory

        func make() -> any RoomStore {
            switch self {
            case .sqlite:
                SQLiteRoomStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("swipe-store-\(UUID().uuidString)").path)
            case .memory:
                MemoryRoomStore()
            }
        }
    }

    /// A store of `kind`, opened, and a room in a registry whose records it has not seen yet.
    final class Fixture {
        let store: any RoomStore
        var registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 3))
        var pending: [LogRecord] = []
        let code: RoomCode

        init(_ kind: Kind) throws {
            store = kind.make()
            _ = try store.open()
            let made = registry.create(CreateRoom(name: "Ann", deck: "movies", pacing: .free), from: ConnectionID(1), at: 1_000)
            code = try #require(made.room)
            keep(made.effects)
            keep(registry.join(JoinRoom(room: code, name: "Bo"), from: ConnectionID(2), at: 1_001).effects)
        }

        deinit {
            if let sqlite = store as? SQLiteRoomStore { try? FileManager.default.removeItem(atPath: sqlite.directory) }
        }

        func keep(_ effects: [RoomEffect]) {
            for case let .append(record) in effects { pending.append(record) }
        }

        /// Ann votes on the current card (a record to keep).
        func vote(at time: ServerTime) throws {
            let card = try #require(registry.rooms[code]?.cards.first?.id)
            keep(registry.handle(.messageReceived("m1", .swipe(SwipeVote(card: card, direction: .right))), in: code, at: time))
        }

        /// What is pending, into the store (with the room's checkpoint if `checkpoint`).
        func flush(checkpoint: Bool = false, at time: ServerTime) throws {
            let states = checkpoint ? [try #require(registry.rooms[code]).checkpoint] : []
            try store.append(pending, checkpoints: states, at: time)
            pending = []
        }

        /// The room as a registry rebuilt from what the store gave back.
        func restored(_ kept: StoredRooms) throws -> Room? {
            var fresh = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 3))
            _ = try fresh.restore(checkpoints: kept.checkpoints, tail: kept.tail, at: 2_000, grace: 0)
            return fresh.rooms[code]
        }
    }

    @Test(arguments: Kind.allCases) func recordsComeBackInOrderAtTheNextOpen(kind: Kind) throws {
        let fixture = try Fixture(kind)
        try fixture.flush(at: 1_001)
        try fixture.vote(at: 1_002)
        let appended = fixture.pending
        try fixture.flush(at: 1_002)
        let kept = try fixture.store.open()
        #expect(kept.checkpoints.isEmpty && kept.asleep.isEmpty)
        #expect(kept.tail.suffix(appended.count).elementsEqual(appended), "the last append last, as it was given")
        #expect(try fixture.restored(kept)?.results() == fixture.registry.rooms[fixture.code]?.results())
    }

    @Test(arguments: Kind.allCases) func aCheckpointCoversTheRecordsBeforeIt(kind: Kind) throws {
        let fixture = try Fixture(kind)
        try fixture.vote(at: 1_002)
        try fixture.flush(checkpoint: true, at: 1_002)
        let kept = try fixture.store.open()
        #expect(kept.checkpoints.map(\.code) == [fixture.code] && kept.tail.isEmpty, "the checkpoint, and no record it covers")
        #expect(try fixture.restored(kept)?.results() == fixture.registry.rooms[fixture.code]?.results())
    }

    @Test(arguments: Kind.allCases) func aSleepingRoomIsInTheIndexUntilItWakes(kind: Kind) throws {
        let fixture = try Fixture(kind)
        try fixture.vote(at: 1_002)
        try fixture.flush(at: 1_002)
        let room = try #require(fixture.registry.rooms[fixture.code])
        let row = SleepingRoom(code: fixture.code, closesAt: 9_000_000, leftAt: 5_000, open: true)
        try fixture.store.sleep(room.checkpoint, as: row, at: 1_003)
        var kept = try fixture.store.open()
        #expect(kept.checkpoints.isEmpty && kept.tail.isEmpty && kept.asleep == [row], "a start reads only the index")
        let woken = try fixture.store.wake(fixture.code)
        #expect(try fixture.restored(woken)?.results() == room.results(), "woken with every vote")
        kept = try fixture.store.open()
        #expect(kept.asleep.isEmpty && kept.checkpoints.map(\.code) == [fixture.code], "awake again: the next start loads it")
    }

    @Test(arguments: Kind.allCases) func aForgottenRoomNeverComesBackNorItsPictures(kind: Kind) throws {
        let fixture = try Fixture(kind)
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        let asset = PictureAsset(format: .png, bytes: bytes, etag: "u-test", width: 1, height: 1)
        try fixture.store.keepPictures([asset], of: fixture.code)
        try fixture.flush(checkpoint: true, at: 1_001)
        #expect(try fixture.store.picture("u-test", of: fixture.code) == bytes)
        #expect(try fixture.store.picture("u-other", of: fixture.code) == nil)
        try fixture.store.forget(fixture.code)
        let kept = try fixture.store.open()
        #expect(kept.checkpoints.isEmpty && kept.tail.isEmpty && kept.asleep.isEmpty)
        #expect(try fixture.store.picture("u-test", of: fixture.code) == nil)
    }

    @Test func theSQLiteStoreRefusesADataPathThatIsAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-store-file-\(UUID().uuidString)").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect { _ = try SQLiteRoomStore(directory: file).open() } throws: { error in
            "\(error)".contains("--data \(file): not a directory")
        }
    }

    @Test func theInMemoryStoreRefusesWritesAsAFailingDiskWould() throws {
        let store = MemoryRoomStore()
        store.failWrites = "disk full"
        #expect { try store.append([], checkpoints: [], at: 0) } throws: { "\($0)" == "disk full" }
    }
}
