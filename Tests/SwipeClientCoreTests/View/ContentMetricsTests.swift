import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

@Suite struct ContentMetricsTests {
    /// On a 200×60 screen the card is 82 columns wide: the body wraps in a centred, readable
    /// column (at most 44) into several lines instead of one line across the card.
    @Test func aBigCardKeepsAReadableMeasure() throws {
        let geometry = StackGeometry(size: TermSize(columns: 200, rows: 60))
        let rect = StackMotion.frame(forCardAt: 0, visibleCount: 3, layout: .stack)
        let card = try #require(SampleScenes.cards.first)
        let metrics = ContentMetrics(rect: rect, pointsPerColumn: geometry.pointsPerColumn, image: card.image)
        #expect(metrics.innerWidth > ContentMetrics.maxTextWidth)
        let body = metrics.lines(for: card).filter { $0.role == .body }
        #expect(body.count >= 2, "\(body.map(\.text))")
        #expect(body.allSatisfy { TextMetrics.width($0.text) <= ContentMetrics.maxTextWidth })
        #expect(Set(body.map(\.column)) == [metrics.textColumn] && metrics.textColumn > 2)
    }
}
