import Foundation
import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

@Suite struct CellRasterizerTests {
    static let geometry = StackGeometry(size: TermSize(columns: 80, rows: 24))
    static let frame = StackMotion.frame(forCardAt: 0, visibleCount: 3, layout: .stack)

    @Test func anUprightCardHasRoundedBoxCorners() {
        let raster = CellRasterizer(geometry: Self.geometry).rasterize(frame: Self.frame, transform: .identity)
        let glyphs = raster.covered.compactMap { if case let .border(g) = $0.coverage { return g } else { return nil } }
        #expect(Set(glyphs).isSuperset(of: ["╭", "╮", "╰", "╯", "─", "│"]))
        #expect(glyphs.filter { $0 == "╭" }.count == 1)
    }

    @Test func theCellAspectIsTwoToOne() {
        let g = Self.geometry
        let a = g.cell(for: Point(x: 0, y: 0)), b = g.cell(for: Point(x: 100, y: 100))
        #expect(abs((b.column - a.column) - 2 * (b.row - a.row)) < 1e-9)
    }

    @Test(arguments: [0.08, 0.2, -0.3])
    func aTiltedCardLeansItsOutline(_ rotation: Double) {
        let raster = CellRasterizer(geometry: Self.geometry).rasterize(frame: Self.frame, transform: CardTransform(rotation: rotation))
        let border = raster.covered.filter { if case .border = $0.coverage { return true } else { return false } }.map(\.key)
        #expect(!border.isEmpty)
        // Clockwise (positive) tilt: the top edge runs downwards to the right, so its row 8 columns
        // right of the centre is lower than 8 columns left of it; the other way for a negative tilt.
        let centre = Int(Self.geometry.cell(for: Self.frame.center).column)
        let top = Dictionary(grouping: border, by: \.column).mapValues { $0.map(\.row).min() ?? 0 }
        let left = top[centre - 8] ?? 0, right = top[centre + 8] ?? 0
        #expect(rotation > 0 ? right > left : left > right)
        #expect(raster.covered.contains { $0.coverage == .interior })
    }

    @Test(arguments: [
        CardTransform(translation: Point(x: 5000, y: -3000)), CardTransform(translation: Point(x: -4000, y: 9000), rotation: 0.4),
        CardTransform(translation: Point(x: 1e9, y: 0)), CardTransform(rotation: .infinity), CardTransform(scale: 1e6),
    ])
    func cardsFarOffScreenOrAbsurdDrawNothingAndDoNotTrap(_ transform: CardTransform) {
        let raster = CellRasterizer(geometry: Self.geometry).rasterize(frame: Self.frame, transform: transform, withShadow: true)
        let onScreen = raster.covered.map(\.key).filter { $0.row >= 0 && $0.row < 24 && $0.column >= 0 && $0.column < 80 }
        #expect(onScreen.isEmpty)
    }

    @Test func aRasterAnswersForEveryCellAndListsCoveredCellsInScreenOrder() {
        var raster = CellRasterizer.Raster(top: -1, left: 5, rows: 2, columns: 3)
        raster.set(.border("⠁"), row: 0, column: 7)
        raster.set(.interior, row: -1, column: 6)
        raster.set(.interior, row: 9, column: 9)   // outside the box: ignored
        #expect(raster[CellRasterizer.CellKey(row: 0, column: 7)] == .border("⠁"))
        #expect(raster[CellRasterizer.CellKey(row: -1, column: 6)] == .interior)
        #expect(raster.isInterior(row: -1, column: 6) && !raster.isInterior(row: 0, column: 7))
        #expect(raster[CellRasterizer.CellKey(row: 0, column: 5)] == nil)
        #expect(raster[CellRasterizer.CellKey(row: 9, column: 9)] == nil && !raster.covers(CellRasterizer.CellKey(row: 9, column: 9)))
        #expect(raster.covered.map(\.key) == [CellRasterizer.CellKey(row: -1, column: 6), CellRasterizer.CellKey(row: 0, column: 7)])
        #expect(CellRasterizer.Raster().covered.isEmpty)
    }

    /// The bulk grid test gives exactly the answers of `contains` point by point, however the card is turned.
    @Test(arguments: [
        CardTransform(rotation: 0.2), CardTransform(translation: Point(x: -37, y: 12), rotation: -0.31),
        CardTransform(rotation: 2.4, scale: 0.7), CardTransform(translation: Point(x: 90, y: -40), rotation: -3.0, scale: 1.3),
        CardTransform(rotation: .pi / 2), CardTransform(rotation: 0.005),
    ])
    func theGridTestAgreesWithThePointTest(_ transform: CardTransform) {
        let shape = CardShape(frame: Self.frame, transform: transform)
        let xs = (0..<150).map { -60 + Double($0) * 2.75 }, ys = (0..<120).map { -40 + Double($0) * 4.1 }
        for offset in [0, 1] {
            let bits = shape.containsGrid(xs: xs, ys: ys, offset: offset)
            let words = (offset + xs.count + 63) / 64
            var mismatches = 0, inside = 0
            for (j, y) in ys.enumerated() {
                for (i, x) in xs.enumerated() {
                    let bit = offset + i
                    let fromGrid = bits[j * words + bit / 64] >> UInt64(bit % 64) & 1 == 1
                    if fromGrid != shape.contains(Point(x: x, y: y)) { mismatches += 1 }
                    if fromGrid { inside += 1 }
                }
            }
            #expect(mismatches == 0)
            #expect(inside > 1000)
        }
    }

    @Test func shapeContainsItsCentreButNotItsCorners() {
        let shape = CardShape(frame: Self.frame, transform: CardTransform(translation: Point(x: 40, y: 0), rotation: 0.3))
        #expect(shape.contains(Self.frame.center + Point(x: 40, y: 0)))
        #expect(!shape.containsLocal(Point(x: 0.5, y: 0.5)))
        let round = shape.local(shape.layout(Point(x: 12, y: 34)))
        #expect(abs(round.x - 12) < 1e-9 && abs(round.y - 34) < 1e-9)
    }
}

@Suite struct StackMotionTests {
    @Test(arguments: [
        (Point(x: 260, y: 0), Point.zero, SwipeDirection?.some(.right)),
        (Point(x: -220, y: 0), Point.zero, SwipeDirection?.some(.left)),
        (Point(x: 0, y: -260), Point.zero, SwipeDirection?.some(.up)),
        (Point(x: 60, y: 0), Point.zero, SwipeDirection?.none),
        (Point(x: 60, y: 0), Point(x: 900, y: 0), SwipeDirection?.some(.right)),
        (Point(x: 60, y: 0), Point(x: 0, y: 900), SwipeDirection?.none),
    ])
    func releaseDecisions(_ translation: Point, _ velocity: Point, _ expected: SwipeDirection?) {
        #expect(StackMotion.decision(translation: translation, velocity: velocity) == expected)
    }

    @Test func dragTiltsTowardsTheDragAndLeads() {
        let right = StackMotion.drag(translation: Point(x: 100, y: 0))
        #expect(right.rotation > 0 && right.rotation <= .pi / 10)
        #expect(right.direction == .right && right.progress > 0)
        #expect(StackMotion.drag(translation: Point(x: -100, y: 0)).rotation < 0)
    }

    @Test func stackedFramesShowEachCardBehindOneRowLower() {
        let front = StackMotion.frame(forCardAt: 0, visibleCount: 3, layout: .stack), back = StackMotion.frame(forCardAt: 1, visibleCount: 3, layout: .stack)
        #expect(back.maxY - front.maxY == 24)
        #expect(back.width == front.width - 20)
        #expect(StackMotion.frame(forCardAt: 2, visibleCount: 3, layout: .stack).maxY == 400)
    }

    @Test func flyOffFollowsSeedZero() {
        let m = StackMotion.flyOff(from: CardTransform(translation: Point(x: 30, y: 5)), direction: .left)
        #expect(m.to.translation == Point(x: -170, y: 80))
        #expect(m.to.alpha == 0 && m.duration == 0.2)
        #expect(m.sample(at: 0) == m.from && m.sample(at: 1) == m.to)
    }
}
