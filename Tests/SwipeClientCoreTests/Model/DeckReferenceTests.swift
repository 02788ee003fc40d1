import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeClientCore

@Suite struct DeckReferenceTests {
    static let references: [(String, DeckReference)] = [
        ("movies", .server("movies")), ("world-cinema", .server("world-cinema")), ("Movies.v2", .server("Movies.v2")),
        ("lunch.txt", .file("lunch.txt")), ("menu.MD", .file("menu.MD")), ("films.json", .file("films.json")),
        ("x.csv", .file("x.csv")), ("./lunch", .file("./lunch")), ("/srv/decks/food", .file("/srv/decks/food")),
        ("-", .standardInput), ("--", .server("--")),
    ]

    @Test(arguments: references) func tellsAFileFromAServerDeck(_ text: String, _ reference: DeckReference) {
        #expect(DeckReference(text) == reference)
    }

    @Test func aServerDeckIsSentByName() throws {
        var create = CreateRoom(name: "Ann", cards: [Card(id: "x", title: "X")])
        try DeckReference("movies").fill(&create, bytes: [], format: nil)
        #expect(create.deck == "movies")
        #expect(create.cards == nil)
    }

    @Test func aFileIsSentInlineUnderItsTitleOrName() throws {
        var create = CreateRoom(name: "Ann")
        try DeckReference("decks/lunch.txt").fill(&create, bytes: Array("Pho — soup\nTacos\n".utf8), format: nil)
        #expect(create.deck == "lunch")
        #expect(create.cards?.map(\.title) == ["Pho", "Tacos"])
        try DeckReference("plan.md").fill(&create, bytes: Array("# Weekend\n- Hike\n".utf8), format: nil)
        #expect(create.deck == "Weekend")
        #expect(create.cards?.map(\.id.rawValue) == ["hike"])
    }

    @Test(arguments: [
        ("- Hike\n- Museum\n", ["Hike", "Museum"]), ("Hike\nMuseum\n", ["Hike", "Museum"]),
        (#"[{"title":"Hike"}]"#, ["Hike"]),
    ]) func standardInputIsReadByItsLook(_ text: String, _ titles: [String]) throws {
        var create = CreateRoom(name: "Ann")
        try DeckReference.standardInput.fill(&create, bytes: Array(text.utf8), format: nil)
        #expect(create.cards?.map(\.title) == titles)
        #expect(create.deck == "custom")
    }

    @Test func errorsNameTheFileLineAndField() {
        var create = CreateRoom(name: "Ann")
        let text = "A\nB\n" + String(repeating: "x", count: 201) + "\n"
        #expect(throws: DeckLoadError(file: "standard input", line: 3, record: 3, field: "title",
                                      message: "too long: 201 characters, the limit is 200", format: .text)) {
            try DeckReference.standardInput.fill(&create, bytes: Array(text.utf8), format: nil)
        }
        #expect(create.cards == nil)
    }

    @Test func moreThanTheServersInlineLimitIsRefusedHere() {
        var create = CreateRoom(name: "Ann")
        let text = (1...501).map { "Option \($0)" }.joined(separator: "\n")
        #expect(throws: DeckLoadError(file: "big.txt", message: "501 cards, more than the limit of 500", format: .text)) {
            try DeckReference("big.txt").fill(&create, bytes: Array(text.utf8), format: nil)
        }
    }

    @Test func aNamedFormatWins() throws {
        var create = CreateRoom(name: "Ann")
        try DeckReference.standardInput.fill(&create, bytes: Array("title,body\nPho,soup\n".utf8), format: .csv)
        #expect(create.cards?.map(\.body) == ["soup"])
    }
}
