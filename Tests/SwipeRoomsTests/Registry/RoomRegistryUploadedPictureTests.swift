import SwipeCore
import SwipePictures
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// A create's inline cards keep only pictures their connection uploaded; any other tag is refused.
@Suite struct RoomRegistryUploadedPictureTests {
    static let uploaded = PictureETag.upload(of: [1, 2, 3])

    static func create(_ picture: CardPicture?) -> CreateRoom {
        CreateRoom(name: "Ann", deck: "mine", cards: [Card(id: "a", title: "A", picture: picture), Card(id: "b", title: "B")])
    }

    @Test func anUploadedTagIsKept() throws {
        let registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
        let created = try registry.resolve(Self.create(CardPicture(file: "pics/a.png", etag: Self.uploaded)), uploaded: [Self.uploaded], at: 0).get()
        #expect(created.cards[0].picture == CardPicture(file: "pics/a.png", etag: Self.uploaded))
        #expect(created.cards[1].picture == nil)
    }

    @Test func aPictureWithoutATagIsDropped() throws {
        let registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
        #expect(try registry.resolve(Self.create(CardPicture(file: "a.png")), uploaded: [], at: 0).get().cards[0].picture == nil)
    }

    @Test(arguments: [
        ("p-d95c265ca4f617e5905d5842c5dd3fa9", "a deck picture's tag"),
        (PictureETag.upload(of: [9]), "an upload of another connection"),
        ("u-zz", "a made-up tag"),
    ])
    func anyOtherTagIsRefused(_ etag: String, _ what: String) {
        let registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
        guard case let .failure(error) = registry.resolve(Self.create(CardPicture(file: "a.png", etag: etag)), uploaded: [Self.uploaded], at: 0) else {
            Issue.record("\(what): accepted")
            return
        }
        #expect(error.code == .badDeck && error.message.contains("did not upload"), "\(what): \(error)")
    }

    @Test func aBadFileNameIsRefused() {
        let registry = RoomRegistry(library: .bundled(), random: SeededRandom(seed: 1))
        let result = registry.resolve(Self.create(CardPicture(file: "../a.png", etag: Self.uploaded)), uploaded: [Self.uploaded], at: 0)
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.code == .badDeck && error.message.contains("must stay inside"))
    }
}
