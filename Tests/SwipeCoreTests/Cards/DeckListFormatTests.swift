import Testing
@testable import SwipeCore

@Suite struct DeckListFormatTests {
    func load(_ text: String, _ fileName: String, format: DeckFormat? = nil) throws -> DeckFile {
        try DeckLoader.parse(Array(text.utf8), fileName: fileName, format: format)
    }

    @Test func readsATextListWithCommentsBlankLinesAndBothSeparators() throws {
        let file = try load("# where to eat\r\nPho — Vietnamese noodle soup\r\n\r\n  Tacos | al pastor  \r\nPizza\r\n東京ラーメン\n", "lunch.txt")
        #expect(file.name == "lunch")
        #expect(file.title == nil)
        #expect(file.cards.map(\.title) == ["Pho", "Tacos", "Pizza", "東京ラーメン"])
        #expect(file.cards.map(\.body) == ["Vietnamese noodle soup", "al pastor", "", ""])
        #expect(file.cards.map(\.id.rawValue) == ["pho", "tacos", "pizza", "card-4"])
    }

    @Test func aTitleMayHoldHyphensAndHashesAfterItsStart() throws {
        let file = try load("Spider-Man: No Way Home\nOcean's #1 — heist\n", "films.list")
        #expect(file.cards.map(\.title) == ["Spider-Man: No Way Home", "Ocean's #1"])
    }

    @Test func textIsSanitised() throws {
        let file = try load("Pho\u{1B}[31m — soup\u{07}\n", "lunch.txt")
        #expect(file.cards[0].title == "Pho")
        #expect(file.cards[0].body == "soup")
    }

    @Test func readsAMarkdownListWithHeadingBodiesAndNumbers() throws {
        let md = """
            # Friday lunch

            Pick one, people.

            - **Pho** — Vietnamese noodle soup
              with basil and lime
              - nested detail
            * [Tacos](https://example.com/tacos) | al pastor
            + [ ] `Pizza`
            ---
            1. Curry
            2) Dumplings

            ```
            - not an option
            ```
            ## Later
            - Salad
            """
        let file = try load(md, "lunch.md")
        #expect(file.title == "Friday lunch")
        #expect(file.cards.map(\.title) == ["Pho", "Tacos", "Pizza", "Curry", "Dumplings", "Salad"])
        #expect(file.cards[0].body == "Vietnamese noodle soup\nwith basil and lime\n• nested detail")
        #expect(file.cards[1].body == "al pastor")
    }

    @Test(arguments: [
        ("- x", "x"), ("* x", "x"), ("+ x", "x"), ("1. x", "x"), ("12) x", "x"), ("- [x] done", "done"),
        ("-x", nil), ("---", nil), ("* * *", nil), ("1.x", nil), ("x", nil), ("- ", nil),
    ] as [(String, String?)])
    func bullets(_ line: String, _ expected: String?) {
        #expect(DeckLoader.bulletText(Substring(line)).map(String.init) == expected)
    }

    @Test(arguments: [
        ("Pho — soup", "Pho", "soup"), ("Pho|soup", "Pho", "soup"), ("Pho", "Pho", nil),
        ("Pho — a | b", "Pho", "a | b"), ("Pho —  ", "Pho", nil),
    ] as [(String, String, String?)])
    func splitsAtTheFirstSeparator(_ text: String, _ title: String, _ body: String?) {
        let split = DeckLoader.splitOption(Substring(text))
        #expect(split.title == title)
        #expect(split.body == body)
    }

    @Test(arguments: [
        ("{\"cards\":[]}", DeckFormat.json), ("  [ {\"title\":\"a\"} ]", .json), ("- Pho\n", .markdown),
        ("# Lunch\n- Pho\n", .markdown), ("# where to eat\nPho\n", .text), ("\n\nPho\nTacos", .text), ("1. Pho", .markdown), ("", .text),
    ] as [(String, DeckFormat)])
    func sniffsStandardInput(_ text: String, _ format: DeckFormat) {
        #expect(DeckFormat.sniff(Array(text.utf8)) == format)
    }

    @Test(arguments: [
        ("lunch.TXT", DeckFormat.text), ("a/b.list", .text), ("notes.text", .text), ("x.md", .markdown), ("x.Markdown", .markdown),
        ("x.json", .json), ("x.csv", .csv), (".md", nil), ("dir.md/x", nil), ("x.doc", nil),
    ] as [(String, DeckFormat?)])
    func formatsByExtension(_ name: String, _ format: DeckFormat?) {
        #expect(DeckFormat(fileName: name) == format)
    }

    @Test func aNamedFormatWinsOverTheExtension() throws {
        let file = try load("title\nPho\n", "standard input", format: .csv)
        #expect(file.cards.map(\.title) == ["Pho"])
    }

    /// (a title, another, whether they are the same option)
    @Test(arguments: [
        ("  Thai \t Food ", "thai food", true), ("Pad Thai", "PadThai", true), ("PAD THAI", "pad  thai", true),
        ("Pad-Thai", "Pad Thai", false), ("Pho", "Phở", false), ("Crème brûlée", "CRÈME BRÛLÉE", true),
    ] as [(String, String, Bool)])
    func optionTitlesCompareIgnoringCaseAndWhiteSpace(_ a: String, _ b: String, _ same: Bool) {
        #expect((OptionTitle.key(a) == OptionTitle.key(b)) == same)
    }
}
