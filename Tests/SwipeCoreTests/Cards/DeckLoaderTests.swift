import Testing
@testable import SwipeCore

@Suite struct DeckLoaderTests {
    func load(_ text: String, _ fileName: String, limits: DeckLimits = .standard) throws -> DeckFile {
        try DeckLoader.parse(Array(text.utf8), fileName: fileName, limits: limits)
    }

    @Test func readsAFullJSONDeck() throws {
        let json = """
        {"name":"movies","title":"Movie night","cards":[
          {"id":"dune","title":"Dune","body":"Sand,\\nspice.","tags":["sci-fi"," epic "],
           "image":{"glyph":"🏜","art":["/\\\\", "\\\\/"],"color":"#c8a060"}},
          {"title":"Heat"}
        ]}
        """
        let file = try load(json, "decks/whatever.json")
        #expect(file.name == "movies")
        #expect(file.title == "Movie night")
        #expect(file.cards == [
            Card(id: "dune", title: "Dune", body: "Sand,\nspice.", tags: ["sci-fi", "epic"],
                 image: CardImage(glyph: "🏜", art: ["/\\", "\\/"], color: RGBColor(red: 0xC8, green: 0xA0, blue: 0x60))),
            Card(id: "heat", title: "Heat"),
        ])
    }

    @Test func readsABareJSONArrayWithArabicAndCJKTitles() throws {
        let json = #"[{"title":"東京物語"},{"title":"مرحبا بالعالم","tags":"ar"},{"title":"שלום","id":7}]"#
        let file = try load(json, "world.JSON")
        #expect(file.name == "world")
        #expect(file.title == nil)
        #expect(file.cards.map(\.id) == ["card-1", "card-2", "7"])
        #expect(file.cards.map(\.title) == ["東京物語", "مرحبا بالعالم", "שלום"])
        #expect(file.cards[1].tags == ["ar"])
    }

    @Test func generatedIDsAreStableAndUnique() throws {
        let json = #"[{"title":"Dune"},{"title":"Dune"},{"id":"dune-2","title":"Dune: Part Two"},{"title":"  Crouching Tiger, Hidden Dragon! "}]"#
        let first = try load(json, "m.json")
        #expect(first.cards.map(\.id) == ["dune", "dune-3", "dune-2", "crouching-tiger-hidden-dragon"])
        #expect(try load(json, "m.json") == first)
    }

    @Test func sanitisesCardText() throws {
        let json = #"[{"title":"\u001b[31mRed\u001b[0m \u202Eevil","body":"a\r\nb\u0007","tags":["x\u009b2J"]}]"#
        let card = try #require(try load(json, "m.json").cards.first)
        #expect(card.title == "Red evil")
        #expect(card.body == "a\nb")
        #expect(card.tags == ["x"])
    }

    @Test func readsAQuotedCSVDeck() throws {
        let csv = "\u{FEFF}ID,Title,body,tags,glyph,color,art\r\n"
            + "dune,Dune,\"Sand, spice\r\nand destiny\",sci-fi;epic,🏜,#C8A060,/\\n\\/\r\n"
            + ",\"Crouching Tiger, Hidden Dragon\",\"He said \"\"hi\"\"\",wuxia|drama,,,a|b\r\n"
            + "\r\n"
            + "tokyo,東京物語,,,,,\r\n"
            + ",مرحبا,,,,,"
        let file = try load(csv, "movies.csv")
        #expect(file.name == "movies")
        #expect(file.cards == [
            Card(id: "dune", title: "Dune", body: "Sand, spice\nand destiny", tags: ["sci-fi", "epic"],
                 image: CardImage(glyph: "🏜", art: ["/", "\\/"], color: RGBColor(red: 0xC8, green: 0xA0, blue: 0x60))),
            Card(id: "crouching-tiger-hidden-dragon", title: "Crouching Tiger, Hidden Dragon",
                 body: "He said \"hi\"", tags: ["wuxia", "drama"], image: CardImage(art: ["a", "b"])),
            Card(id: "tokyo", title: "東京物語"),
            Card(id: "card-4", title: "مرحبا"),
        ])
    }

    @Test func csvArtMayUseRealLineBreaks() throws {
        let file = try load("title,art\nCat,\" /\\_/\\\n( o.o )\"\n", "cats.csv")
        #expect(file.cards.first?.image.art == [" /\\_/\\", "( o.o )"])
    }

    @Test func formatFollowsTheExtension() {
        #expect(DeckFormat(fileName: "a.Json") == .json)
        #expect(DeckFormat(fileName: "dir.csv/a") == nil)
        #expect(DeckFormat(fileName: "noext") == nil)
        #expect(DeckLoader.deckName(forFileName: "decks/food.v2.csv") == "food.v2")
    }
}
