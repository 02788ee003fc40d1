import SwipeCore
import SwipeProtocol

/// Ready-made models for benchmarks and previews: a welcomed member of a three-person room with
/// a deck that has wide, accented and emoji text. Built only through `update`, like the real app.
///
/// ```swift
/// let model = SampleScenes.midDrag(size: TermSize(columns: 120, rows: 40))
/// let frame = view(model, size: model.size)   // what the render benchmark times
/// ```
public enum SampleScenes {
    /// The cards of the sample room.
    public static let cards: [Card] = [
        Card(id: "dune", title: "Dune", body: "Sand, spice and destiny on a desert planet. A duke's son leads a desert people.",
             tags: ["sci-fi", "epic"], image: CardImage(glyph: "🎬", art: [" /\\  /\\ ", "/  \\/  \\"], color: RGBColor(hex: "#c08040"))),
        Card(id: "amelie", title: "Amélie", body: "A shy waitress in Montmartre decides to change lives.", tags: ["comedy"],
             image: CardImage(glyph: "🎬")),
        Card(id: "spirited", title: "千と千尋の神隠し", body: "A girl wanders into a world of spirits.", tags: ["anime"]),
    ]

    /// A member (`m2`, Bo) welcomed at local time 1000 ms into a lockstep (or free) room with the
    /// given layout (nil: a server that sends none, drawn as the stack) and the cards in view
    /// (``cards`` unless given).
    ///
    /// ```swift
    /// let model = SampleScenes.atRest(size: TermSize(columns: 80, rows: 24))
    /// let koloda = SampleScenes.atRest(size: TermSize(columns: 80, rows: 24), layout: .koloda)
    /// ```
    public static func atRest(size: TermSize, pacing: Pacing = .lockstep, layout: RoomLayout? = nil, visible: [Card] = cards) -> AppModel {
        let members = [
            MemberInfo(id: "m1", name: "Ann", role: .host, online: true, votedCurrent: true),
            MemberInfo(id: "m2", name: "Bo", role: .member, online: true),
            MemberInfo(id: "m3", name: "Cy", role: .member, online: false),
        ]
        let room = RoomSnapshot(code: "K7QM-X4TD-9R", deckName: "movies", rule: .majority, pacing: pacing, phase: .voting,
                                members: members, totalCards: 12, remaining: 10, visible: visible,
                                tallies: [Tally(card: "dune", likes: 1, voted: 1, eligible: 2)], layout: layout)
        var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil)), size: size)
        update(&model, .tick(now: 1000))
        update(&model, .connected)
        update(&model, .server(.welcome(Welcome(you: "m2", token: "tok-1", serverTime: 50_000, room: room))))
        return model
    }

    /// The top card dragged 130 points right and one row down (tilted, LIKE growing), while Ann
    /// drags it left on her screen (a ghost), in a room with the given layout.
    ///
    /// ```swift
    /// let model = SampleScenes.midDrag(size: TermSize(columns: 80, rows: 24), layout: .koloda)
    /// ```
    public static func midDrag(size: TermSize, layout: RoomLayout? = nil) -> AppModel {
        var model = atRest(size: size, layout: layout)
        let g = StackGeometry(size: size)
        let start = g.cell(for: Point(x: 150, y: 200))
        let row = Int(start.row), column = Int(start.column)
        update(&model, .mousePressed(row: row, column: column))
        update(&model, .tick(now: 1020))
        update(&model, .mouseDragged(row: row + 1, column: column + Int((130 / g.pointsPerColumn).rounded())))
        update(&model, .server(.cardState(CardState(member: "m1", card: "dune", phase: .changed, x: -60, y: 10, rotation: -0.1,
                                                    progress: 0.3, direction: .left, serverTime: 50_020))))
        return model
    }

    /// A free-pacing swipe right, 100 ms into its 200 ms fly-off.
    ///
    /// ```swift
    /// let model = SampleScenes.midFlyOff(size: TermSize(columns: 120, rows: 40))
    /// ```
    public static func midFlyOff(size: TermSize) -> AppModel {
        var model = atRest(size: size, pacing: .free)
        update(&model, .key(.right))
        update(&model, .tick(now: 1100))
        return model
    }
}
