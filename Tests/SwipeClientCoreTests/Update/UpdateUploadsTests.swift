import Foundation
import Testing
import SwipeCore
import SwipeProtocol
@testable import SwipeClientCore

/// `swipe create --deck FILE` with pictures: each picture's parts, then (once the server tagged
/// it) the next, then the create naming the tags; a refusal ends the client with status 64 naming
/// the deck file, the card, the picture and the server's reason.
@Suite struct UpdateUploadsTests {
    static let dune = DeckPicture(file: "pics/dune.png", deckFile: "films.json", cards: ["dune"], bytes: Array(repeating: 7, count: 50_000))
    static let heat = DeckPicture(file: "pics/heat.jpg", deckFile: "films.json", cards: ["heat", "heat-2"], bytes: [1, 2, 3])
    static let create = CreateRoom(name: "Ann", deck: "films", cards: [
        Card(id: "dune", title: "Dune", picture: CardPicture(file: "pics/dune.png")),
        Card(id: "heat", title: "Heat", picture: CardPicture(file: "pics/heat.jpg")),
        Card(id: "plain", title: "Plain"),
    ])

    static func connected() -> AppModel {
        var options = ClientOptions(name: "Ann", entry: .create(create))
        options.deckPictures = [dune, heat]
        var model = AppModel(options: options, size: TermSize(columns: 80, rows: 24))
        update(&model, .tick(now: 0))
        return model
    }

    static func parts(_ effects: [AppEffect]) -> [PictureChunk] {
        effects.compactMap { if case let .send(.picture(part)) = $0 { part } else { nil } }
    }

    @Test func picturesGoFirstOneAtATimeThenTheCreateNamesTheirTags() {
        var model = Self.connected()
        let first = update(&model, .connected)
        #expect(Self.parts(first).map(\.offset) == [0, PictureChunk.standardChunkBytes], "dune's two parts")
        #expect(Self.parts(first).allSatisfy { $0.file == "pics/dune.png" } && first.count == 2)
        let duneTag = "u-" + String(repeating: "a", count: 64), heatTag = "u-" + String(repeating: "b", count: 64)
        #expect(update(&model, .server(.pictureReceived(PictureReceived(file: "pics/heat.jpg", etag: heatTag, bytes: 3)))).isEmpty,
                "an acknowledgement of another picture than the one under way")
        let second = update(&model, .server(.pictureReceived(PictureReceived(file: "pics/dune.png", etag: duneTag, bytes: 50_000))))
        #expect(Self.parts(second).map(\.file) == ["pics/heat.jpg"])
        let last = update(&model, .server(.pictureReceived(PictureReceived(file: "pics/heat.jpg", etag: heatTag, bytes: 3))))
        guard case let .send(.create(sent))? = last.first, last.count == 1 else {
            Issue.record("no create: \(last)")
            return
        }
        #expect(sent.cards?.map(\.picture) == [CardPicture(file: "pics/dune.png", etag: duneTag), CardPicture(file: "pics/heat.jpg", etag: heatTag), nil])
    }

    @Test func aRefusedPictureEndsTheClientWithStatus64NamingIt() {
        var model = Self.connected()
        update(&model, .connected)
        update(&model, .server(.pictureReceived(PictureReceived(file: "pics/dune.png", etag: "u-1", bytes: 50_000))))
        let refusal = ProtocolError(.badPicture, "picture: pics/heat.jpg: a damaged JPEG image: Premature end of JPEG file")
        let effects = update(&model, .server(.error(refusal)))
        guard case let .exit(exit)? = effects.last else {
            Issue.record("no exit: \(effects)")
            return
        }
        #expect(exit.status == 64)
        #expect(exit.message == "swipe: films.json: card \"heat\", \"heat-2\": picture pics/heat.jpg: the server refused it: "
                + "picture: pics/heat.jpg: a damaged JPEG image: Premature end of JPEG file; no room was created")
    }

    @Test func aBusyServerIsWaitedForAndThePictureGoesAgainFromTheStart() {
        var model = Self.connected()
        update(&model, .connected)
        let busy = ProtocolError(.rateLimited, "picture: pics/dune.png: the server holds 67108864 bytes of uploads under way; retry in 1 s", retryAfter: 1)
        #expect(update(&model, .server(.error(busy))).isEmpty)
        let again = update(&model, .tick(now: 1_000))
        #expect(Self.parts(again).first?.offset == 0 && Self.parts(again).first?.file == "pics/dune.png")
    }

    @Test func withoutPicturesTheCreateGoesAtOnce() {
        var model = AppModel(options: ClientOptions(name: "Ann", entry: .create(Self.create)), size: TermSize(columns: 80, rows: 24))
        update(&model, .tick(now: 0))
        let effects = update(&model, .connected)
        guard case let .send(.create(sent))? = effects.first else {
            Issue.record("no create: \(effects)")
            return
        }
        #expect(sent.cards?.allSatisfy { $0.picture == nil } == true, "untagged pictures are left out")
    }
}
