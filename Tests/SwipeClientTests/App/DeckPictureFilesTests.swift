import Foundation
import Testing
import SwipeCore
@testable import SwipeClient

/// The pictures a host's deck names, read relative to the deck file and checked as the server
/// checks them; every bad one named with the deck file, the card and the reason.
@Suite struct DeckPictureFilesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../SwipePicturesTests/Fixtures").standardized

    /// A folder with `decks/pics/` holding the fixtures under the names given.
    static func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("deck-pictures-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/decks/pics", withIntermediateDirectories: true)
        for (name, fixture) in files {
            try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent(fixture).path, toPath: root + "/decks/pics/" + name)
        }
        return root
    }

    @Test(arguments: ["json", "csv"])
    func picturesAreReadRelativeToTheDeckFile(_ format: String) throws {
        let root = try Self.folder(["dune.png": "gradient.png", "heat.jpg": "gradient.jpg"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let text = format == "json"
            ? #"{"cards":[{"id":"dune","title":"Dune","picture":"pics/dune.png"},{"id":"heat","title":"Heat","picture":"pics/heat.jpg"},"# +
              #"{"id":"again","title":"Dune again","picture":"pics/dune.png"},{"id":"plain","title":"Plain"}]}"#
            : "id,title,picture\ndune,Dune,pics/dune.png\nheat,Heat,pics/heat.jpg\nagain,Dune again,pics/dune.png\nplain,Plain,\n"
        let deckFile = root + "/decks/films." + format
        let cards = try DeckLoader.parse(Array(text.utf8), fileName: deckFile).cards
        let pictures = try DeckPictureFiles.read(cards: cards, deckFile: deckFile)
        #expect(pictures.map(\.file) == ["pics/dune.png", "pics/heat.jpg"])
        #expect(pictures.map(\.cards) == [["dune", "again"], ["heat"]])
        #expect(pictures[0].bytes == Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("gradient.png"))))
    }

    @Test(arguments: [
        ("missing.png", nil, "no such file"),
        ("x.png", "not-an-image.png", "not a PNG or JPEG image"),
        ("x.jpg", "png-named.jpg", "wrong extension"),
        ("x.png", "huge-header.png", "30000 × 30000 pixels, the limit is 4096 × 4096"),
        ("x.jpg", "truncated.jpg", "a damaged JPEG image"),
    ] as [(String, String?, String)])
    func aBadPictureNamesTheDeckTheCardAndTheReason(_ name: String, _ fixture: String?, _ reason: String) throws {
        let root = try Self.folder(fixture.map { [name: $0] } ?? [:])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let deckFile = root + "/decks/films.json"
        let cards = [Card(id: "ok", title: "Ok"), Card(id: "dune", title: "Dune", picture: CardPicture(file: "pics/" + name))]
        #expect {
            _ = try DeckPictureFiles.read(cards: cards, deckFile: deckFile)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("\(deckFile): card \"dune\": picture pics/\(name): ") && text.contains(reason)
        }
    }

    @Test func overTheBytesIsRefusedBeforeReading() throws {
        let root = try Self.folder(["big.png": "gradient.png"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cards = [Card(id: "big", title: "Big", picture: CardPicture(file: "pics/big.png"))]
        #expect {
            _ = try DeckPictureFiles.read(cards: cards, deckFile: root + "/decks/d.json", limits: .init(maxBytes: 100))
        } throws: { "\($0)".contains("396 bytes, the limit is 100") }
    }
}
