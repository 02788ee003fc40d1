import Foundation
import Testing
@testable import SwipeCore

/// The `picture` field of JSON and CSV decks: the loader records the name and checks its shape.
@Suite struct DeckPictureFieldTests {
    @Test func jsonAndCSVRecordThePictureName() throws {
        let json = #"[{"id":"dune","title":"Dune","picture":"posters/dune.jpg"},{"title":"Heat"}]"#
        let fromJSON = try DeckLoader.parse(Array(json.utf8), fileName: "m.json")
        #expect(fromJSON.cards[0].picture == CardPicture(file: "posters/dune.jpg"))
        #expect(fromJSON.cards[1].picture == nil)
        let csv = "id,title,picture\ndune,Dune,dune.PNG\nheat,Heat,\n"
        let fromCSV = try DeckLoader.parse(Array(csv.utf8), fileName: "m.csv")
        #expect(fromCSV.cards.map(\.picture) == [CardPicture(file: "dune.PNG"), nil])
        #expect(fromCSV.cards[0].picture?.format == .png)
    }

    @Test(arguments: [
        ("../secret.png", "must stay inside the deck's folder"),
        ("/etc/dune.png", "absolute path"),
        ("dune.gif", "expected a .png, .jpg or .jpeg file"),
        ("a//b.png", "must stay inside"),
        ("dune", "expected a .png, .jpg or .jpeg file"),
    ])
    func badNamesAreRefusedWithTheCardAndField(name: String, reason: String) {
        let json = #"[{"title":"Heat"},{"title":"Dune","picture":"\#(name)"}]"#
        #expect {
            _ = try DeckLoader.parse(Array(json.utf8), fileName: "m.json")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("m.json: cards[1].picture: ") && text.contains(reason)
        }
    }

    @Test func csvErrorsNameTheLineAndColumn() {
        let csv = "title,picture\nDune,dune.bmp\n"
        #expect(throws: DeckLoadError.self) { _ = try DeckLoader.parse(Array(csv.utf8), fileName: "m.csv") }
        do {
            _ = try DeckLoader.parse(Array(csv.utf8), fileName: "m.csv")
        } catch {
            #expect("\(error)" == #"m.csv:2: record 1, field "picture": expected a .png, .jpg or .jpeg file, got "dune.bmp""#)
        }
    }

    @Test func aCardWithAPictureRoundTripsThroughJSONCoding() throws {
        let card = Card(id: "dune", title: "Dune", picture: CardPicture(file: "dune.png", etag: "p-1"))
        let plain = Card(id: "heat", title: "Heat")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try JSONDecoder().decode(Card.self, from: encoder.encode(card)) == card)
        #expect(try JSONDecoder().decode(Card.self, from: encoder.encode(plain)) == plain)
        #expect(String(decoding: try encoder.encode(card), as: UTF8.self)
                == #"{"id":"dune","picture":{"etag":"p-1","file":"dune.png"},"title":"Dune"}"#)
    }

    @Test(arguments: [
        ([UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]), PictureFormat?.some(.png)),
        ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
        (Array("GIF89a".utf8), nil),
        ([], nil),
    ])
    func formatsAreKnownByTheirFirstBytes(bytes: [UInt8], format: PictureFormat?) {
        #expect(PictureFormat(magic: bytes) == format)
    }
}

