import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeRooms

/// The log and checkpoints record which card has which picture (file and ETag), never the bytes.
@Suite struct RoomPictureCheckpointTests {
    static let cards = [
        Card(id: "dune", title: "Dune", picture: CardPicture(file: "posters/dune.jpg", etag: "p-0123456789abcdef0123456789abcdef")),
        Card(id: "heat", title: "Heat"),
        Card(id: "up", title: "Up", picture: CardPicture(file: "up.png", etag: "p-fedcba9876543210fedcba9876543210")),
    ]

    @Test func checkpointsKeepEachCardsPicture() throws {
        let room = Room(code: "K7QM-X4TD-9R", deckName: "films", cards: Self.cards, settings: RoomSettings(), at: 0)
        let decoded = try RoomCheckpoint.decoded(room.checkpoint.encoded())
        #expect(decoded.version == RoomCheckpoint.currentVersion)
        #expect(decoded.cards == Self.cards)
        #expect(Room(restoring: decoded).checkpoint.cards.map(\.picture) == Self.cards.map(\.picture))
    }

    @Test func aVersion3CheckpointHasNoPictures() throws {
        var old = Room(code: "K7QM-X4TD-9R", deckName: "films", cards: Self.cards, settings: RoomSettings(), at: 0).checkpoint
        old.version = 3
        let decoded = try RoomCheckpoint.decoded(old.encoded())
        #expect(decoded.cards.map(\.picture) == [nil, nil, nil])
        #expect(decoded.cards.map(\.id) == Self.cards.map(\.id))
    }
}
