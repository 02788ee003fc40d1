import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// Another member's drag reads as a clean dashed frame with their name and lean, not braille (item 8).
@Suite struct GhostOutlineTests {
    static let size = TermSize(columns: 80, rows: 24)

    static func isBraille(_ grapheme: String) -> Bool {
        grapheme.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }
    }

    @Test(arguments: [0.0, 0.05, -0.1, 0.3, -0.6])
    func theOutlineIsOneDashedCellThick(_ rotation: Double) {
        let g = StackGeometry(size: Self.size)
        let rect = StackMotion.frame(forCardAt: 0, visibleCount: 3, layout: .stack)
        let cells = GhostOutline(geometry: g).cells(frame: rect, transform: CardTransform(translation: Point(x: -40, y: 10), rotation: rotation))
        #expect(Set(cells.map(\.glyph)).isSubset(of: [GhostOutline.horizontal, GhostOutline.vertical, GhostOutline.corner]))
        #expect(cells.filter { $0.glyph == GhostOutline.corner }.count == 4)
        #expect(Set(cells.map(\.key)).count == cells.count)
        // One cell thick: no 2 × 2 block of outline cells anywhere.
        let keys = Set(cells.map(\.key))
        for key in keys {
            let block = [(0, 1), (1, 0), (1, 1)].map { CellRasterizer.CellKey(row: key.row + $0.0, column: key.column + $0.1) }
            #expect(!block.allSatisfy(keys.contains), "a thick spot at \(key)")
        }
        // Closed: every cell touches another one (8-neighbours).
        for key in keys {
            let touches = keys.contains { other in other != key && abs(other.row - key.row) <= 1 && abs(other.column - key.column) <= 1 }
            #expect(touches, "a lone cell at \(key)")
        }
    }

    @Test func anUprightGhostIsAPlainDashedBox() {
        let g = StackGeometry(size: Self.size)
        let rect = StackMotion.frame(forCardAt: 0, visibleCount: 3, layout: .stack)
        let cells = GhostOutline(geometry: g).cells(frame: rect, transform: .identity)
        let rows = Set(cells.filter { $0.glyph == GhostOutline.horizontal }.map(\.key.row))
        let columns = Set(cells.filter { $0.glyph == GhostOutline.vertical }.map(\.key.column))
        #expect(rows.count == 2 && columns.count == 2)
    }

    /// In the mid-drag scene Ann's ghost is drawn with dashes, never braille, and carries her name
    /// and lean; in a Koloda room it shows over the dimmed background card instead of vanishing.
    @Test(arguments: [RoomLayout.stack, .koloda])
    func anotherMembersGhostIsDashedAndLabelled(_ layout: RoomLayout) {
        let model = SampleScenes.midDrag(size: Self.size, layout: layout)
        let frame = view(model, size: Self.size)
        let ghost = [Palette(colour: true).ghost, Palette(colour: true).ghostOnReceded]
        var dashes = 0
        for row in 0..<Self.size.rows {
            for column in 0..<Self.size.columns where ghost.contains(frame[row, column].style) {
                #expect(!Self.isBraille(frame[row, column].grapheme), "braille ghost cell at (\(row), \(column))")
                if [GhostOutline.horizontal, GhostOutline.vertical].contains(frame[row, column].grapheme) { dashes += 1 }
            }
        }
        #expect(dashes > 20, "the ghost's outline is missing (\(dashes) dashed cells)")
        #expect(frame.plainText.contains("Ann ◀30%"))
    }
}
