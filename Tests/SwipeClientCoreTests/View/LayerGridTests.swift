import Testing
@testable import SwipeClientCore

@Suite struct LayerGridTests {
    static let key = CellRasterizer.CellKey(row: 3, column: 4)

    /// Layers 1 and 3 cover the cell: (asked about layer, in front?, behind?).
    @Test(arguments: [(0, true, false), (1, true, false), (2, true, true), (3, false, true), (4, false, true)])
    func answersInFrontAndBehind(_ layer: Int, _ inFront: Bool, _ behind: Bool) {
        var grid = LayerGrid(size: TermSize(columns: 80, rows: 24))
        grid.add(Self.key, layer: 3)
        grid.add(Self.key, layer: 1)
        #expect(grid.isCovered(Self.key, inFrontOf: layer) == inFront)
        #expect(grid.isCovered(Self.key, behind: layer) == behind)
        #expect(grid.isCovered(Self.key))
    }

    @Test(arguments: [CellRasterizer.CellKey(row: -2, column: -3), CellRasterizer.CellKey(row: 25, column: 82),
                      CellRasterizer.CellKey(row: -100, column: 5), CellRasterizer.CellKey(row: 5, column: 1_000)])
    func cellsOffScreenAreKeptWithinTheMarginOrIgnored(_ key: CellRasterizer.CellKey) {
        var grid = LayerGrid(size: TermSize(columns: 80, rows: 24))
        grid.add(key, layer: 0)
        let inMargin = key.row >= -LayerGrid.margin && key.row < 24 + LayerGrid.margin
            && key.column >= -LayerGrid.margin && key.column < 80 + LayerGrid.margin
        #expect(grid.isCovered(key) == inMargin)
        #expect(!grid.isCovered(CellRasterizer.CellKey(row: 10, column: 10)))
    }
}
