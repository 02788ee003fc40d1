import Foundation
import Testing
import SwipeCore
import SwipeProtocol
import SwipeRooms
@testable import SwipeServer

@Suite struct HTTPRoutesDecksTests {
    static let status = ServerStatus(version: "0.1.0", protocol: 1, uptimeSeconds: 2, rooms: 0, connections: 0)

    @Test(arguments: ["/decks", "/decks/", "/decks?x=1"])
    func listsEveryDeckWithItsTitleAndSize(_ path: String) throws {
        var library = DeckLibrary.bundled()
        try library.add(Array("Pho\nTacos\n".utf8), fileName: "lunch.txt")
        let registry = RoomRegistry(library: library, random: SeededRandom(seed: 1))
        let response = HTTPRoutes.respond(to: path, registry: registry, status: Self.status)
        #expect(response.status == 200)
        #expect(response.contentType == "application/json")
        let list = try JSONDecoder().decode(DeckList.self, from: Data(response.body))
        #expect(list.decks.map(\.name) == ["lunch", "movies", "restaurants", "world-cinema"])
        #expect(list.decks.first == DeckList.Entry(name: "lunch", title: "lunch", cards: 2))
        #expect(list.decks.map(\.cards) == [2] + DeckLibrary.bundled().names.compactMap { DeckLibrary.bundled().deck(named: $0)?.cards.count })
    }

    @Test func headAnswersLikeGet() {
        let registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
        #expect(HTTPRoutes.respond(to: "/decks", method: .head, registry: registry, status: Self.status).status == 200)
        #expect(HTTPRoutes.respond(to: "/decks", method: .other("POST"), registry: registry, status: Self.status).status == 405)
    }

    @Test func tableAlignsNamesAndCounts() {
        let list = DeckList(decks: [DeckList.Entry(name: "movies", title: "Movie night", cards: 12),
                                    DeckList.Entry(name: "world-cinema", title: "World", cards: 7)])
        #expect(list.table() == """
            NAME          CARDS  TITLE
            movies           12  Movie night
            world-cinema      7  World
            """)
    }
}
