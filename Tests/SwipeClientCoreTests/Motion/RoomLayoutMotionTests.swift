import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// The client draws and moves the stack with the room's layout from `welcome` (item 11).
@Suite struct RoomLayoutMotionTests {
    static let size = TermSize(columns: 80, rows: 24)

    @Test func kolodaFramesAreSeed001s() {
        #expect(StackMotion.layoutSlots(.koloda) == 2 && StackMotion.layoutSlots(.stack) == 3)
        #expect(StackMotion.frame(forCardAt: 0, visibleCount: 2, layout: .koloda) == Rect(x: 10, y: 20, width: 280, height: 350))
        #expect(StackMotion.frame(forCardAt: 1, visibleCount: 2, layout: .koloda) == Rect(x: -75, y: 0, width: 450, height: 562.5))
        // A lone card keeps its frame, and an index past the background slot rests there.
        #expect(StackMotion.frame(forCardAt: 0, visibleCount: 1, layout: .koloda) == Rect(x: 10, y: 20, width: 280, height: 350))
        #expect(StackMotion.frame(forCardAt: 2, visibleCount: 3, layout: .koloda) == StackMotion.frame(forCardAt: 1, visibleCount: 2, layout: .koloda))
        #expect(StackMotion.isReceded(index: 1, layout: .koloda) && !StackMotion.isReceded(index: 0, layout: .koloda))
        #expect(!StackMotion.isReceded(index: 1, layout: .stack))
    }

    @Test func theModelTakesTheLayoutFromWelcome() {
        #expect(Fixtures.model().layout == .stack)   // an older server sends none
        #expect(Fixtures.model(layout: .stack).layout == .stack)
        #expect(Fixtures.model(layout: .koloda).layout == .koloda)
    }

    /// After a local swipe the next card moves from the background frame to the front frame of
    /// the room's layout, as the server's reflow does.
    @Test(arguments: RoomLayout.allCases)
    func theLocalReflowFollowsTheRoomsLayout(_ layout: RoomLayout) throws {
        var model = Fixtures.model(pacing: .free, layout: layout)
        update(&model, .key(.right))
        let next = try #require(model.playing["amelie"])
        let slots = StackMotion.layoutSlots(layout)
        let expected = CardTransform(placing: StackMotion.frame(forCardAt: 1, visibleCount: slots, layout: layout),
                                     relativeTo: StackMotion.frame(forCardAt: 0, visibleCount: slots, layout: layout))
        #expect(next.motion.kind == .reflow)
        #expect(next.motion.from == expected)
        if layout == .koloda { #expect(next.motion.from.scale > 1.6) }   // 450 points wide → 280
    }

    @Test func aNewKolodaCardCollectsItselfFromTheBackground() throws {
        var model = Fixtures.model(layout: .koloda)
        let heat = Card(id: "heat", title: "Heat")
        update(&model, .server(.cardResolved(CardResolved(card: "dune", outcome: .noMatch, tally: Tally(card: "dune"),
                                                          visible: [Fixtures.cards[1], heat], remaining: 8))))
        let arriving = try #require(model.playing["heat"])
        #expect(arriving.motion.kind == .appear)
        #expect(arriving.motion.from.scale == StandardAnimations.appearStartScale && arriving.motion.from.alpha == 0)
        #expect(arriving.motion.curve == .kolodaBackgroundSpring)
        var stack = Fixtures.model(layout: .stack)
        update(&stack, .server(.cardResolved(CardResolved(card: "dune", outcome: .noMatch, tally: Tally(card: "dune"),
                                                          visible: [Fixtures.cards[1], Fixtures.cards[2], heat], remaining: 8))))
        #expect(stack.playing["heat"]?.motion.kind == .backgroundArrival)
    }

    /// A press above Koloda's front card (inside where the stack's top card would be) starts no drag.
    @Test func pressesHitTheRoomsFrontCard() {
        let g = StackGeometry(size: Self.size)
        let cell = g.cell(for: Point(x: 150, y: 8))
        for layout in RoomLayout.allCases {
            var model = Fixtures.model(layout: layout)
            update(&model, .mousePressed(row: Int(cell.row), column: Int(cell.column)))
            #expect((model.drag != nil) == (layout == .stack), "\(layout)")
        }
    }

    /// Koloda shows two cards; the wide background card stays in the card area (the sidebar is
    /// the same as in a stack room) and carries no text.
    @Test(arguments: [TermSize(columns: 80, rows: 24), TermSize(columns: 120, rows: 40)])
    func kolodaDrawsTwoCardsInsideTheCardArea(_ size: TermSize) {
        let koloda = view(Fixtures.model(size: size, layout: .koloda), size: size)
        let stack = view(Fixtures.model(size: size), size: size)
        let g = StackGeometry(size: size)
        for row in 0..<size.rows {
            for column in g.stackColumns..<size.columns { #expect(koloda[row, column] == stack[row, column]) }
        }
        #expect(!koloda.plainText.contains("千と千尋"))   // the third card is not shown
        #expect(!koloda.plainText.contains("#comedy") && !koloda.plainText.contains("Amélie"))   // the receded card has no text
        // The background card's left border is left of the front card's, on the front card's middle row.
        let middle = Int(g.cell(for: Point(x: 150, y: 195)).row)
        let line = Array(koloda.plainText.split(separator: "\n", omittingEmptySubsequences: false)[middle])
        #expect(line.filter { $0 == "│" }.count >= 5)   // background, front, front, background, sidebar
    }
}
