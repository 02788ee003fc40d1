import Foundation
import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClient

/// `view()` rendered as plain text and compared with Tests/SwipeClientTests/Golden/*.txt.
/// `SWIPE_RECORD_GOLDEN=1 swift test --filter GoldenFrameTests` rewrites the files.
@Suite struct GoldenFrameTests {
    static let sizes = [TermSize(columns: 80, rows: 24), TermSize(columns: 120, rows: 40)]

    static func scene(_ name: String, size: TermSize) -> AppModel {
        var model = Fixtures.model(size: size)
        switch name {
        case "rest":
            break
        case "drag":
            let g = StackGeometry(size: size)
            let start = g.cell(for: Point(x: 150, y: 200))
            let row = Int(start.row), column = Int(start.column)
            update(&model, .mousePressed(row: row, column: column))
            update(&model, .tick(now: 1020))
            let dx = Int((130 / g.pointsPerColumn).rounded())
            update(&model, .mouseDragged(row: row + 1, column: column + dx))
            update(&model, .server(.cardState(CardState(member: "m1", card: "dune", phase: .changed, x: -60, y: 10,
                                                        rotation: -0.1, progress: 0.3, direction: .left, serverTime: 50_020))))
        case "flyoff":
            model = Fixtures.model(size: size, pacing: .free)
            update(&model, .key(.right))
            update(&model, .tick(now: 1100))
        case "match":
            update(&model, .server(.match(Match(card: Fixtures.cards[0], tally: Tally(card: "dune", likes: 2, superLikes: 1, voted: 3, eligible: 3)))))
        case "results":
            update(&model, .key(.character("r")))
            update(&model, .server(.results(Fixtures.results)))
        default:
            Issue.record("unknown scene \(name)")
        }
        return model
    }

    static let cases: [(String, TermSize)] = ["rest", "drag", "flyoff", "match", "results"].flatMap { name in
        sizes.map { (name, $0) }
    }

    static func goldenURL(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(name + ".txt")
    }

    static func check(_ frame: Frame, golden name: String) throws {
        let url = goldenURL(name)
        let text = frame.plainText
        if ProcessInfo.processInfo.environment["SWIPE_RECORD_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "frame \(name) differs from \(url.path); run with SWIPE_RECORD_GOLDEN=1 to rewrite")
    }

    @Test(arguments: cases)
    func sceneMatchesGolden(_ name: String, _ size: TermSize) throws {
        let model = Self.scene(name, size: size)
        try Self.check(view(model, size: size), golden: "\(name)-\(size.columns)x\(size.rows)")
    }

    @Test(arguments: [TermSize(columns: 50, rows: 15), TermSize(columns: 79, rows: 19)])
    func tooSmallTerminalAsksForMore(_ size: TermSize) throws {
        let frame = view(Fixtures.model(size: size), size: size)
        try Self.check(frame, golden: "too-small-\(size.columns)x\(size.rows)")
        #expect(frame.plainText.contains("Make the window larger"))
    }
}
