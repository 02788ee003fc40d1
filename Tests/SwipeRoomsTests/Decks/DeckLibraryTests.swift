import Foundation
import Testing
import SwipeCore
@testable import SwipeRooms

@Suite struct DeckLibraryTests {
    @Test func theBundledDecksLoad() throws {
        let library = DeckLibrary.bundled()
        #expect(library.names == ["movies", "restaurants", "world-cinema"])
        let world = try #require(library.deck(named: "world-cinema"))
        #expect(world.cards.contains { $0.title.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) } })
        #expect(world.cards.contains { $0.title.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })
        #expect(BundledDecks.files.count == library.names.count)
    }

    @Test func aDirectoryAddsDecksAndBadFilesAreNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("decks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "id,title,body\npicnic,Picnic,In the park\nmuseum,Museum,\n".write(to: directory.appendingPathComponent("outings.csv"), atomically: true, encoding: .utf8)
        let library = try DeckLibrary.load(directory: directory.path)
        #expect(library.deck(named: "outings")?.cards.map(\.id) == ["picnic", "museum"])

        try "id,title\nx,X,extra\n".write(to: directory.appendingPathComponent("broken.csv"), atomically: true, encoding: .utf8)
        let error = #expect(throws: DeckLibraryError.self) { try DeckLibrary.load(directory: directory.path) }
        #expect(error?.description.contains("broken.csv") == true)
        #expect(error?.description.contains("broken.csv:2") == true, "\(String(describing: error))")
    }

    @Test func aMissingDirectoryIsAClearError() {
        let error = #expect(throws: DeckLibraryError.self) { try DeckLibrary.load(directory: "/nonexistent/decks") }
        #expect(error?.description.contains("/nonexistent/decks") == true)
    }
}
