import Foundation
import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeRooms

/// `--decks DIR` with pictures: read, checked and tagged at start; a bad one refuses the deck with
/// the file, the card and the reason.
@Suite struct DeckLibraryPictureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../SwipePicturesTests/Fixtures").standardized.path

    /// A fresh deck folder holding `deck` as `name` and the named fixtures (as the given names).
    func folder(deck: String, name: String, pictures: [String: String]) throws -> String {
        let dir = NSTemporaryDirectory() + "swipe-pictures-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/posters", withIntermediateDirectories: true)
        try Data(deck.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        for (target, fixture) in pictures {
            try FileManager.default.copyItem(atPath: Self.fixtures + "/" + fixture, toPath: dir + "/" + target)
        }
        return dir
    }

    @Test func goodPicturesAreKeptByTheirTag() throws {
        let deck = #"{"name":"films","cards":[{"id":"dune","title":"Dune","picture":"posters/dune.jpg"},{"id":"heat","title":"Heat","picture":"heat.png"},{"id":"up","title":"Up"}]}"#
        let dir = try folder(deck: deck, name: "films.json", pictures: ["posters/dune.jpg": "gradient.jpg", "heat.png": "gradient.png"])
        let library = try DeckLibrary.load(directory: dir)
        let cards = try #require(library.deck(named: "films")).cards
        let tag = try #require(cards[0].picture?.etag)
        let asset = try #require(library.picture(etag: tag))
        #expect(asset.format == .jpeg && asset.width == 64 && asset.height == 48)
        #expect(asset.bytes == Array(FileManager.default.contents(atPath: Self.fixtures + "/gradient.jpg") ?? Data()))
        #expect(library.picture(etag: cards[1].picture?.etag ?? "")?.format == .png)
        #expect(cards[2].picture == nil)
    }

    @Test(arguments: [
        ("truncated.jpg", "dune.jpg", "films.json: cards[0].picture: dune.jpg: a damaged JPEG image"),
        ("huge-header.png", "dune.png", "films.json: cards[0].picture: dune.png: 30000 × 30000 pixels, the limit is 4096 × 4096"),
        ("png-named.jpg", "dune.jpg", "films.json: cards[0].picture: dune.jpg: a PNG image named as JPEG (wrong extension)"),
        ("not-an-image.png", "dune.png", "films.json: cards[0].picture: dune.png: not a PNG or JPEG image"),
        (nil, "dune.png", "films.json: cards[0].picture: dune.png: no such file"),
    ])
    func badPicturesRefuseTheDeck(fixture: String?, named: String, message: String) throws {
        let deck = #"{"name":"films","cards":[{"id":"dune","title":"Dune","picture":"\#(named)"}]}"#
        let dir = try folder(deck: deck, name: "films.json", pictures: fixture.map { [named: $0] } ?? [:])
        #expect {
            _ = try DeckLibrary.load(directory: dir)
        } throws: { error in
            "\(error)".hasPrefix(dir + "/films.json: " + message)
        }
    }

    @Test func csvDecksNameTheRecordAndTheCapsAreFlags() throws {
        let csv = "id,title,picture\nheat,Heat,\ndune,Dune,dune.png\n"
        let dir = try folder(deck: csv, name: "films.csv", pictures: ["dune.png": "gradient.png"])
        #expect(try DeckLibrary.load(directory: dir).deck(named: "films")?.cards[1].picture?.etag != nil)
        #expect {
            _ = try DeckLibrary.load(directory: dir, pictureLimits: .init(maxBytes: 100))
        } throws: { error in
            "\(error)" == dir + #"/films.csv: films.csv: record 2, field "picture": dune.png: 396 bytes, the limit is 100"#
        }
        #expect {
            _ = try DeckLibrary.load(directory: dir, pictureLimits: .init(maxWidth: 10, maxHeight: 10))
        } throws: { error in
            "\(error)".hasSuffix("dune.png: 16 × 12 pixels, the limit is 10 × 10")
        }
    }

    /// An inline deck's pictures are only those its connection uploaded (RoomRegistryUploadedPictureTests):
    /// a tag it did not upload is refused, a picture without a tag dropped.
    @Test func inlineDecksCarryNoPicturesTheyDidNotUpload() throws {
        let registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
        let forged = Card(id: "x", title: "X", picture: CardPicture(file: "x.png", etag: "p-forged"))
        #expect(throws: ProtocolError.self) { try registry.resolve(CreateRoom(name: "Ann", cards: [forged]), at: 0).get() }
        let untagged = Card(id: "x", title: "X", picture: CardPicture(file: "x.png"))
        #expect(try registry.resolve(CreateRoom(name: "Ann", cards: [untagged]), at: 0).get().cards.map(\.picture) == [nil])
    }
}
