import Testing
@testable import SwipeCore

/// One bad deck file and exactly what the loader must say about it.
struct BadFile: Sendable, CustomTestStringConvertible {
    var file: String
    var bytes: [UInt8]
    var limits = DeckLimits.standard
    var line: Int?
    var record: Int?
    var field: String?
    var description: String

    init(_ file: String, _ text: String, limits: DeckLimits = .standard,
         line: Int? = nil, record: Int? = nil, field: String? = nil, _ description: String) {
        self.init(file, Array(text.utf8), limits: limits, line: line, record: record, field: field, description)
    }

    init(_ file: String, _ bytes: [UInt8], limits: DeckLimits = .standard,
         line: Int? = nil, record: Int? = nil, field: String? = nil, _ description: String) {
        self.file = file
        self.bytes = bytes
        self.limits = limits
        self.line = line
        self.record = record
        self.field = field
        self.description = description
    }

    var testDescription: String { description }
}

@Suite struct DeckLoadErrorTests {
    static let badCSV: [BadFile] = [
        BadFile("movies.csv", "title,color\nDune,#c8a060\nAlien,#000000\nHeat,orange\n", line: 4, record: 3, field: "color",
                ##"movies.csv:4: record 3, field "color": expected a colour like "#ff8000", got "orange""##),
        BadFile("movies.csv", "title,body\nDune,x\n,empty\n", line: 3, record: 2, field: "title",
                #"movies.csv:3: record 2, field "title": empty"#),
        BadFile("movies.csv", "title,body\n\"A\",\"line1\nline2\"\nB,x\n\u{1B}[0m,y\n", line: 5, record: 3, field: "title",
                #"movies.csv:5: record 3, field "title": empty"#),
        BadFile("movies.csv", "id,title\ndune,Dune\nalien,Alien\ndune,Dune again\n", line: 4, record: 3, field: "id",
                #"movies.csv:4: record 3, field "id": duplicate id "dune" (also used by record 1)"#),
        BadFile("movies.csv", "title,rating\nDune,5\n", line: 1, field: "rating",
                #"movies.csv:1: field "rating": unknown column; the columns are id, title, body, tags, glyph, color, art, picture"#),
        BadFile("movies.csv", "title,Title\n", line: 1, field: "Title",
                #"movies.csv:1: field "Title": this column appears twice"#),
        BadFile("movies.csv", "id,body\na,b\n", line: 1,
                #"movies.csv:1: the header has no "title" column"#),
        BadFile("movies.csv", "title,\nDune,\n", line: 1,
                #"movies.csv:1: column 2 of the header has no name"#),
        BadFile("movies.csv", "title,body\nDune\n", line: 2, record: 1,
                #"movies.csv:2: record 1: expected 2 fields as in the header, got 1"#),
        BadFile("movies.csv", "title,body\nDune,ok\nHeat,\"open\nstill open\n", line: 3,
                #"movies.csv:3: a quoted field is never closed"#),
        BadFile("movies.csv", "title\nDu\"ne\n", line: 2,
                #"movies.csv:2: a quote inside an unquoted field; quote the whole field and double the quote ("")"#),
        BadFile("movies.csv", "title\n\"Dune\" x\n", line: 2,
                #"movies.csv:2: unexpected text after a closing quote; expected a comma or the end of the line"#),
        BadFile("movies.csv", "",
                #"movies.csv: empty file; expected a header row naming the columns, e.g. "title,body""#),
        BadFile("movies.csv", "title\n\n",
                #"movies.csv: no cards; a deck needs at least one"#),
        BadFile("movies.csv", Array("title\nD".utf8) + [0xFF, 0x0A], line: 2,
                #"movies.csv:2: not valid UTF-8 (byte 0xFF at offset 7); save the file as UTF-8"#),
        BadFile("movies.csv", "title,glyph\nDune,ab\n", line: 2, record: 1, field: "glyph",
                #"movies.csv:2: record 1, field "glyph": expected a single character, got "ab""#),
        BadFile("movies.csv", "title\nLong title\n", limits: DeckLimits(maxTitleLength: 5), line: 2, record: 1, field: "title",
                #"movies.csv:2: record 1, field "title": too long: 10 characters, the limit is 5"#),
        BadFile("movies.csv", "title,tags\nDune,a;b;c\n", limits: DeckLimits(maxTags: 2), line: 2, record: 1, field: "tags",
                #"movies.csv:2: record 1, field "tags": 3 tags, the limit is 2"#),
        BadFile("movies.csv", "title\nA\nB\nC\n", limits: DeckLimits(maxCards: 2),
                #"movies.csv: 3 cards, more than the limit of 2"#),
        BadFile("movies.xls", "title\nA\n",
                #"movies.xls: unsupported file type; a deck file must end in .json, .csv, .txt, .text, .list, .md, .markdown"#),
    ]

    static let badJSON: [BadFile] = [
        BadFile("movies.json", #"{"cards":[{"title":"A"},{"title":"B"},{"body":"no title"}]}"#, record: 2, field: "title",
                #"movies.json: cards[2].title: missing"#),
        BadFile("movies.json", #"[{"title":"  "}]"#, record: 0, field: "title",
                #"movies.json: cards[0].title: empty"#),
        BadFile("movies.json", #"[{"title":5}]"#, record: 0, field: "title",
                #"movies.json: cards[0].title: expected a string, got a number"#),
        BadFile("movies.json", #"[{"title":"A"},{"title":"B","image":{"color":"orange"}}]"#, record: 1, field: "image.color",
                ##"movies.json: cards[1].image.color: expected a colour like "#ff8000", got "orange""##),
        BadFile("movies.json", #"[{"title":"A","tags":["ok",true]}]"#, record: 0, field: "tags[1]",
                #"movies.json: cards[0].tags[1]: expected a string, got a boolean"#),
        BadFile("movies.json", #"[{"title":"A","image":{"art":["ok",null]}}]"#, record: 0, field: "image.art[1]",
                #"movies.json: cards[0].image.art[1]: expected a string, got null"#),
        BadFile("movies.json", #"[{"title":"A","titel":"B"}]"#, record: 0, field: "titel",
                #"movies.json: cards[0].titel: unknown field; expected one of id, title, body, tags, image, picture"#),
        BadFile("movies.json", ##"[{"title":"A","image":{"colour":"#ffffff"}}]"##, record: 0, field: "image.colour",
                #"movies.json: cards[0].image.colour: unknown field; expected one of glyph, art, color"#),
        BadFile("movies.json", #"[{"title":"A","image":"🎬"}]"#, record: 0, field: "image",
                #"movies.json: cards[0].image: expected an object with glyph, art, color, got a string"#),
        BadFile("movies.json", #"[{"id":"a","title":"A"},{"title":"C"},{"id":"a","title":"B"}]"#, record: 2, field: "id",
                #"movies.json: cards[2].id: duplicate id "a" (also used by cards[0])"#),
        BadFile("movies.json", #"[{"title":"A"},"B"]"#, record: 1,
                #"movies.json: cards[1]: expected a card object, got a string"#),
        BadFile("movies.json", #"{"name":"x"}"#, field: "cards",
                #"movies.json: cards: missing"#),
        BadFile("movies.json", #"{"name":"x","cards":{}}"#, field: "cards",
                #"movies.json: cards: expected an array of cards, got an object"#),
        BadFile("movies.json", #"{"name":3,"cards":[]}"#, field: "name",
                #"movies.json: name: expected a string, got a number"#),
        BadFile("movies.json", #"{"cards":[],"deck":1}"#, field: "deck",
                #"movies.json: deck: unknown field; expected one of name, title, cards"#),
        BadFile("movies.json", #""hello""#,
                #"movies.json: expected an object with "cards" or an array of cards, got a string"#),
        BadFile("movies.json", #"{"cards":[]}"#,
                #"movies.json: no cards; a deck needs at least one"#),
        BadFile("movies.json", #"[{"title":"A","body":"long"}]"#, limits: DeckLimits(maxBodyLength: 3), record: 0, field: "body",
                #"movies.json: cards[0].body: too long: 4 characters, the limit is 3"#),
        BadFile("movies.json", #"[{"title":"A"},{"title":"B"}]"#, limits: DeckLimits(maxCards: 1),
                #"movies.json: 2 cards, more than the limit of 1"#),
        BadFile("movies.json", Array(#"[{"title":""#.utf8) + [0xC3, 0x28] + Array(#""}]"#.utf8), line: 1,
                #"movies.json:1: not valid UTF-8 (byte 0xC3 at offset 11); save the file as UTF-8"#),
    ]

    static let badLists: [BadFile] = [
        BadFile("lunch.txt", "# lunch\nPho\n\nTacos\nPizza\n\n| only a body\n", line: 7, record: 4, field: "title",
                #"lunch.txt:7: option 4, field "title": empty"#),
        BadFile("lunch.txt", "Pho\nTacos\n# comment\n  thai   FOOD \nPizza\nThai food — again\n", line: 6, record: 5, field: "title",
                #"lunch.txt:6: option 5, field "title": "Thai food" is already an option (line 4); each title once"#),
        BadFile("lunch.txt", "Pho\nA very long title | body\n", limits: DeckLimits(maxTitleLength: 5), line: 2, record: 2, field: "title",
                #"lunch.txt:2: option 2, field "title": too long: 17 characters, the limit is 5"#),
        BadFile("lunch.txt", "Pho — a body that is too long\n", limits: DeckLimits(maxBodyLength: 4), line: 1, record: 1, field: "body",
                #"lunch.txt:1: option 1, field "body": too long: 23 characters, the limit is 4"#),
        BadFile("lunch.txt", "# only comments\n\n",
                #"lunch.txt: no options; write one per line, e.g. "Pho — Vietnamese noodle soup""#),
        BadFile("lunch.txt", "A\nB\nC\n", limits: DeckLimits(maxCards: 2),
                #"lunch.txt: 3 cards, more than the limit of 2"#),
        BadFile("lunch.txt", Array("Pho\nT".utf8) + [0xFF, 0x0A], line: 2,
                #"lunch.txt:2: not valid UTF-8 (byte 0xFF at offset 5); save the file as UTF-8"#),
        BadFile("lunch.md", "# Lunch\n\nSome prose.\n",
                #"lunch.md: no options; list them as bullets, e.g. "- Pho — Vietnamese noodle soup""#),
        BadFile("lunch.md", "# Lunch\n- Pho\n- Tacos\n\n1. **pho**\n", line: 5, record: 3, field: "title",
                #"lunch.md:5: option 3, field "title": "pho" is already an option (line 2); each title once"#),
        BadFile("lunch.md", "- Pho\n- — body without a title\n", line: 2, record: 2, field: "title",
                #"lunch.md:2: option 2, field "title": empty"#),
    ]

    @Test(arguments: badCSV + badJSON + badLists)
    func reportsWhereAndWhat(_ bad: BadFile) {
        do {
            let file = try DeckLoader.parse(bad.bytes, fileName: bad.file, limits: bad.limits)
            Issue.record("loaded \(file.cards.count) cards from a bad file")
        } catch {
            #expect(error.file == bad.file)
            #expect(error.line == bad.line)
            #expect(error.record == bad.record)
            #expect(error.field == bad.field)
            #expect(error.description == bad.description)
        }
    }

    @Test func malformedJSONGivesLineAndColumn() {
        let text = "{\"cards\": [\n  {\"title\": x}\n]}"
        do {
            _ = try DeckLoader.parse(Array(text.utf8), fileName: "movies.json")
            Issue.record("parsed malformed JSON")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 13)
            #expect(error.description.hasPrefix("movies.json:2:13: invalid JSON"))
        }
    }

    @Test func truncatedJSONIsReported() {
        do {
            _ = try DeckLoader.parse(Array("[{\"title\": \"A\"".utf8), fileName: "movies.json")
            Issue.record("parsed truncated JSON")
        } catch {
            #expect(error.file == "movies.json")
            #expect(error.description.hasPrefix("movies.json:1: invalid JSON"))
        }
    }
}
