import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// Whatever the server sends, no control or escape character reaches a cell.
@Suite struct NetworkTextSafetyTests {
    static let hostile = "A\u{1B}[2J\u{1B}]0;owned\u{07}B\u{9B}31m\u{202E}C\u{0}\r\n\tD\u{7F}"

    static func hostileModel(size: TermSize) -> AppModel {
        var model = SampleScenes.atRest(size: size)
        let card = Card(id: CardID(hostile), title: hostile, body: hostile + " " + hostile, tags: [hostile],
                        image: CardImage(glyph: hostile, art: [hostile]))
        model.editRoom { room in
            room.visible[0] = card
            room.deckName = hostile
            room.members[0].name = hostile
        }
        update(&model, .server(.cardState(CardState(member: "m1", card: card.id, phase: .changed, x: 40, y: 0, rotation: 0.1,
                                                    progress: 0.2, direction: .right, serverTime: 50_010))))
        update(&model, .server(.error(ProtocolError(.other, hostile))))
        return model
    }

    static func assertClean(_ frame: Frame) {
        for cell in frame.cells {
            for scalar in cell.grapheme.unicodeScalars {
                let v = scalar.value
                #expect(!(v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)),
                        "control character U+\(String(v, radix: 16)) reached the screen")
            }
        }
    }

    @Test(arguments: [TermSize(columns: 80, rows: 24), TermSize(columns: 120, rows: 40)])
    func hostileTextIsDrawnClean(_ size: TermSize) {
        var model = Self.hostileModel(size: size)
        Self.assertClean(view(model, size: size))
        update(&model, .server(.match(Match(card: Card(id: "x", title: Self.hostile), tally: Tally(card: "x")))))
        Self.assertClean(view(model, size: size))
        update(&model, .key(.character("r")))
        update(&model, .server(.results(Results(final: true, ranking: [
            ResultRow(rank: 1, card: "x", title: Self.hostile, likes: 1, nopes: 0, superLikes: 0, matched: true, votes: [:]),
        ]))))
        Self.assertClean(view(model, size: size))
        update(&model, .server(.roomClosed(RoomClosed(reason: Self.hostile))))
        Self.assertClean(view(model, size: size))
    }
}
