import Testing
@testable import SwipeClient
@testable import SwipeClientCore

@Suite struct FrameDiffTests {
    static let size = TermSize(columns: 10, rows: 3)

    @Test func noPreviousFrameRepaintsEveryRow() {
        let runs = FrameDiff.runs(from: nil, to: Frame(size: Self.size))
        #expect(runs.count == 3)
        #expect(runs.allSatisfy { $0.column == 0 && $0.cells.count == 10 })
    }

    @Test func equalFramesNeedNothing() {
        var frame = Frame(size: Self.size)
        frame.write("hello", row: 1, column: 2)
        #expect(FrameDiff.runs(from: frame, to: frame).isEmpty)
    }

    @Test func onlyChangedCellsAreSentAndNearbyChangesJoin() {
        let old = Frame(size: Self.size)
        var new = old
        new.put("a", row: 0, column: 1)
        new.put("b", row: 0, column: 3)
        new.put("c", row: 2, column: 9)
        let runs = FrameDiff.runs(from: old, to: new)
        #expect(runs.map(\.row) == [0, 2])
        #expect(runs[0].column == 1 && runs[0].cells.map(\.grapheme) == ["a", " ", "b"])
        #expect(runs[1].column == 9 && runs[1].cells.map(\.grapheme) == ["c"])
    }

    @Test func aRunNeverStartsInsideAWideGrapheme() {
        var old = Frame(size: Self.size)
        old.write("字", row: 0, column: 4)
        var new = old
        new.restyle(row: 0, column: 5) { $0.bold = true }
        let runs = FrameDiff.runs(from: old, to: new)
        #expect(runs.first?.column == 4)
        #expect(runs.first?.cells.first?.grapheme == "字")
    }

    @Test func styleChangesCount() {
        var old = Frame(size: Self.size)
        old.write("x", row: 1, column: 1)
        var new = old
        new.restyle(row: 1, column: 1) { $0.reverse = true }
        #expect(FrameDiff.runs(from: old, to: new).count == 1)
    }

    @Test func aNewSizeRepaintsEverything() {
        let runs = FrameDiff.runs(from: Frame(size: Self.size), to: Frame(size: TermSize(columns: 4, rows: 2)))
        #expect(runs.count == 2)
    }
}
