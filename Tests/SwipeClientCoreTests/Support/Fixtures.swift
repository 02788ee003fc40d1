import SwipeCore
import SwipeProtocol
@testable import SwipeClientCore

/// A room with three members and a deck with wide, accented and right-to-left text.
enum Fixtures {
    static let cards: [Card] = [
        Card(id: "dune", title: "Dune", body: "Sand, spice and destiny on a desert planet. A duke's son leads a desert people.",
             tags: ["sci-fi", "epic"], image: CardImage(glyph: "🎬", art: [" /\\  /\\ ", "/  \\/  \\"], color: RGBColor(hex: "#c08040"))),
        Card(id: "amelie", title: "Amélie", body: "A shy waitress in Montmartre decides to change lives.", tags: ["comedy"],
             image: CardImage(glyph: "🎬")),
        Card(id: "spirited", title: "千と千尋の神隠し", body: "A girl wanders into a world of spirits.", tags: ["anime"]),
    ]

    static let members = [
        MemberInfo(id: "m1", name: "Ann", role: .host, online: true, votedCurrent: true),
        MemberInfo(id: "m2", name: "Bo", role: .member, online: true),
        MemberInfo(id: "m3", name: "Cy", role: .member, online: false),
    ]

    static func room(pacing: Pacing = .lockstep, visible: [Card] = cards, layout: RoomLayout? = nil) -> RoomSnapshot {
        RoomSnapshot(code: "K7QM-X4TD-9R", deckName: "movies", rule: .majority, pacing: pacing, phase: .voting,
                     members: members, totalCards: 12, remaining: 10, visible: visible,
                     tallies: [Tally(card: "dune", likes: 1, voted: 1, eligible: 2)], layout: layout)
    }

    static func welcome(pacing: Pacing = .lockstep, serverTime: Double = 50_000, layout: RoomLayout? = nil) -> Welcome {
        Welcome(you: "m2", token: "tok-1", serverTime: serverTime, room: room(pacing: pacing, layout: layout))
    }

    /// A model that has been welcomed at local time 1000 (server time 50 000).
    static func model(size: TermSize = TermSize(columns: 80, rows: 24), pacing: Pacing = .lockstep, layout: RoomLayout? = nil) -> AppModel {
        var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil), colour: true), size: size)
        update(&model, .tick(now: 1000))
        update(&model, .connected)
        update(&model, .server(.welcome(welcome(pacing: pacing, layout: layout))))
        return model
    }

    static let results = Results(final: true, ranking: [
        ResultRow(rank: 1, card: "dune", title: "Dune", likes: 3, nopes: 0, superLikes: 1, matched: true, votes: [:]),
        ResultRow(rank: 2, card: "amelie", title: "Amélie", likes: 2, nopes: 1, superLikes: 0, matched: false, votes: [:]),
        ResultRow(rank: 3, card: "spirited", title: "千と千尋の神隠し", likes: 1, nopes: 2, superLikes: 0, matched: false, votes: [:]),
        ResultRow(rank: 4, card: "heat", title: "Heat", likes: 0, nopes: 3, superLikes: 0, matched: false, votes: [:]),
    ])
}
