import Foundation
import Testing
@testable import SwipeCore

/// A card keeps its tags, image and picture behind one reference (`CardExtras`): smaller, and the
/// same value as before.
@Suite struct CardExtrasTests {
    @Test func aCardWithoutExtrasIsSmall() {
        // id, title, body (16 bytes each) and one reference: a room keeps its whole deck.
        #expect(MemoryLayout<Card>.stride <= 56)
        #expect(Card(id: "c1", title: "Pizza").tagsImageAndPictureAreEmpty)
    }

    @Test func partsReadBackAndChangeOneAtATime() {
        var card = Card(id: "dune", title: "Dune", tags: ["sci-fi"], image: CardImage(glyph: "🏜"),
                        picture: CardPicture(file: "dune.png"))
        let copy = card
        card.picture?.etag = "p-1"
        card.image.art = ["/\\"]
        card.tags.append("book")
        #expect(card.tags == ["sci-fi", "book"])
        #expect(card.image == CardImage(glyph: "🏜", art: ["/\\"]))
        #expect(card.picture == CardPicture(file: "dune.png", etag: "p-1"))
        // The copy made before the changes is untouched (the reference is never changed in place).
        #expect(copy.tags == ["sci-fi"] && copy.image == CardImage(glyph: "🏜") && copy.picture == CardPicture(file: "dune.png"))
    }

    @Test func emptiedExtrasEqualNoneAndHashAlike() {
        var card = Card(id: "c1", title: "Pizza", tags: ["x"], picture: CardPicture(file: "p.png"))
        card.tags = []
        card.picture = nil
        let plain = Card(id: "c1", title: "Pizza")
        #expect(card == plain)
        #expect(card.hashValue == plain.hashValue)
        #expect(card.tagsImageAndPictureAreEmpty)
        #expect(Card(id: "c1", title: "Pizza", tags: ["x"]) != plain)
        #expect(Card(id: "c1", title: "Pizza", tags: ["x"]) == Card(id: "c1", title: "Pizza", tags: ["x"]))
    }

    @Test func jsonIsUnchanged() throws {
        let card = Card(id: "dune", title: "Dune", body: "Sand.", tags: ["sci-fi"], image: CardImage(glyph: "🏜"),
                        picture: CardPicture(file: "dune.png", etag: "p-1"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(card), as: UTF8.self)
        #expect(json == #"{"body":"Sand.","id":"dune","image":{"glyph":"🏜"},"picture":{"etag":"p-1","file":"dune.png"},"tags":["sci-fi"],"title":"Dune"}"#)
        #expect(try JSONDecoder().decode(Card.self, from: Data(json.utf8)) == card)
        let plain = String(decoding: try encoder.encode(Card(id: "c1", title: "Pizza")), as: UTF8.self)
        #expect(plain == #"{"id":"c1","title":"Pizza"}"#)
    }
}

extension Card {
    /// No reference is held for the parts it lacks.
    fileprivate var tagsImageAndPictureAreEmpty: Bool {
        Mirror(reflecting: self).children.contains { $0.label == "extras" && ($0.value as? CardExtras?) == .some(nil) }
    }
}
