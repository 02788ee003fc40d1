import SwipeCore
import Testing
@testable import SwipeClientCore

/// The drag stamp tells the truth: dim while letting go would snap back, full strength (reversed)
/// once it would swipe, and it never leaves fragments of the card's words beside it.
@Suite struct StampTests {
    static func dragged(by translation: Point) -> AppModel {
        var model = SampleScenes.atRest(size: TermSize(columns: 80, rows: 24))
        model.drag = LocalDrag(card: "dune", startRow: 10, startColumn: 20, translation: translation, startedAt: 1000,
                               lastSentAt: 1000, samples: [])
        return model
    }

    /// The cell of the stamp's "L".
    static func stampCell(_ frame: Frame) -> Cell? {
        for row in 0..<frame.size.rows {
            for column in 0..<frame.size.columns where (0..<4).map({ frame[row, column + $0].grapheme }).joined() == "LIKE" {
                return frame[row, column]
            }
        }
        return nil
    }

    /// (translation x in points, whether letting go swipes, the stamp reversed)
    @Test(arguments: [(40.0, false), (70.0, false), (200.0, true)])
    func strengthFollowsTheRealThreshold(_ x: Double, _ swipes: Bool) throws {
        let model = Self.dragged(by: Point(x: x, y: 0))
        #expect((StackMotion.decision(translation: Point(x: x, y: 0), velocity: .zero) != nil) == swipes)
        let cell = try #require(Self.stampCell(view(model, size: model.size)), "no LIKE stamp at x = \(x)")
        #expect(cell.style.reverse == swipes)
        #expect(cell.style.dim == !swipes)
    }

    @Test func aStampCoversWholeLines() {
        let model = Self.dragged(by: Point(x: 120, y: 0))
        let screen = view(model, size: model.size).plainText
        for line in screen.split(separator: "\n") where line.contains("║") && line.contains("LIKE") {
            #expect(!line.contains("/\\") && !line.contains("\\/"), "card art cut beside the stamp: \(line)")
        }
    }
}
