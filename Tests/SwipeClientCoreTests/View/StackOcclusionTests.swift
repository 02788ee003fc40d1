import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// The card in front hides what is under it: no glyph of a card behind (or of a ghost) inside
/// its shape, and no half-covered line of a card behind peeking out beside it.
@Suite struct StackOcclusionTests {
    static let sizes = [TermSize(columns: 80, rows: 24), TermSize(columns: 120, rows: 40)]

    /// The front card's cells drawn alone on an empty screen.
    static func frontAlone(_ model: AppModel, transform: CardTransform, stamp: StackPainter.Stamp?) -> (Frame, CellRasterizer.Raster) {
        let geometry = StackGeometry(size: model.size)
        let rect = StackMotion.frame(forCardAt: 0, visibleCount: 3, layout: .stack)
        let raster = CellRasterizer(geometry: geometry).rasterize(frame: rect, transform: transform, withShadow: true)
        var frame = Frame(size: model.size)
        StackPainter(geometry: geometry, palette: Palette(colour: model.options.colour))
            .drawCard(SampleScenes.cards[0], rect: rect, transform: transform, depth: 0, stamp: stamp, raster: raster, into: &frame)
        return (frame, raster)
    }

    @Test(arguments: sizes)
    func theDraggedCardHidesTheCardsBehindIt(_ size: TermSize) throws {
        let model = SampleScenes.midDrag(size: size)
        let drag = try #require(model.drag)
        let state = StackMotion.drag(translation: drag.translation)
        let (alone, raster) = Self.frontAlone(model, transform: state.transform,
                                              stamp: state.direction.map { StackPainter.Stamp(vote: $0.vote, progress: state.progress) })
        let frame = view(model, size: size)
        let geometry = StackGeometry(size: size)
        var checked = 0
        for (key, _) in raster.covered where (0..<geometry.stackColumns).contains(key.column) && geometry.stackRows.contains(key.row) {
            #expect(frame[key.row, key.column] == alone[key.row, key.column],
                    "cell (\(key.row), \(key.column)) inside the dragged card shows \(frame[key.row, key.column].grapheme)")
            checked += 1
        }
        #expect(checked > 200)
    }

    /// Every text line of the cards behind is either whole on screen or absent (never "out", "'s").
    @Test(arguments: sizes)
    func linesOfCardsBehindAreWholeOrHidden(_ size: TermSize) {
        for model in [SampleScenes.midDrag(size: size), SampleScenes.midFlyOff(size: size)] {
            let text = view(model, size: size).plainText
            let geometry = StackGeometry(size: size)
            let visible = model.room?.visible ?? []
            #expect(visible.count >= 2)
            for (index, card) in visible.enumerated() where index > 0 || model.drag == nil {
                let rect = StackMotion.frame(forCardAt: index, visibleCount: visible.count, layout: .stack)
                let lines = ContentMetrics(rect: rect, pointsPerColumn: geometry.pointsPerColumn, image: card.image).lines(for: card)
                for line in lines where line.role == .body && line.text.count >= 8 {
                    let head = String(line.text.prefix(5)), tail = String(line.text.suffix(5))
                    if text.contains(head) || text.contains(tail) {
                        #expect(text.contains(line.text), "a piece of \"\(line.text)\" peeks out")
                    }
                }
            }
        }
    }

    /// A tilted card's own corner never cuts a word in half: "#sci-fi" is whole or absent.
    @Test(arguments: sizes)
    func aTiltedCardShowsOnlyWholeWords(_ size: TermSize) {
        let text = view(SampleScenes.midDrag(size: size), size: size).plainText
        for fragment in ["-fi", "sci-", "dest"] where text.contains(fragment) {
            let whole = ["-fi": "#sci-fi", "sci-": "#sci-fi", "dest": "destiny"][fragment] ?? fragment
            #expect(text.contains(whole), "a piece of \(whole) shows at the card's edge")
        }
    }

    @Test func aGhostPassesBehindTheCards() {
        let size = TermSize(columns: 80, rows: 24)
        var model = SampleScenes.atRest(size: size)
        update(&model, .server(.cardState(CardState(member: "m1", card: "dune", phase: .changed, x: -90, y: 10, rotation: -0.15,
                                                    progress: 0.4, direction: .left, serverTime: 50_020))))
        let frame = view(model, size: size)
        let resting = view(SampleScenes.atRest(size: size), size: size)
        let geometry = StackGeometry(size: size)
        var differs = 0
        for row in geometry.stackRows {
            for column in 0..<geometry.stackColumns where frame[row, column] != resting[row, column] {
                // Only empty cells of the resting screen may change: the ghost never crosses a card.
                #expect(resting[row, column] == .blank, "the ghost drew over (\(row), \(column))")
                differs += 1
            }
        }
        #expect(differs > 10)
    }
}
