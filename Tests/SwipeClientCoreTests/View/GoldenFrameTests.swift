import Foundation
import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// `view()` rendered as plain text and compared with Tests/SwipeClientCoreTests/Golden/*.txt.
/// `SWIPE_RECORD_GOLDEN=1 swift test --filter GoldenFrameTests` rewrites the files.
@Suite struct GoldenFrameTests {
    static let sizes = [TermSize(columns: 80, rows: 24), TermSize(columns: 120, rows: 40)]

    static func scene(_ name: String, size: TermSize) -> AppModel {
        var model = Fixtures.model(size: size)
        switch name {
        case "rest":
            model = SampleScenes.atRest(size: size)
        case "drag":
            model = SampleScenes.midDrag(size: size)
        case "koloda":
            // A room created with --layout koloda: the front card inset, the wide background card
            // behind it clipped to the card area (never over the sidebar) and drawn receded.
            model = SampleScenes.atRest(size: size, layout: .koloda)
        case "koloda-drag":
            // The background card stays put while the front card is dragged (shouldMoveBackgroundCard false).
            model = SampleScenes.midDrag(size: size, layout: .koloda)
        case "flyoff":
            model = SampleScenes.midFlyOff(size: size)
        case "match":
            update(&model, .server(.match(Match(card: Fixtures.cards[0], tally: Tally(card: "dune", likes: 2, superLikes: 1, voted: 3, eligible: 3)))))
        case "results":
            update(&model, .key(.character("r")))
            update(&model, .server(.results(Fixtures.results)))
        case "help":
            update(&model, .key(.character("?")))
        case "emoji":
            // A ZWJ family, a skin tone and a text-presentation emoji (with U+FE0F): every cluster
            // whole, every border where it belongs.
            model = Self.withTopCard(Card(id: "fam", title: "👩‍👩‍👧 Family night", body: "👍🏽 from Bo · 🏜️ Desert trip · 👨‍👩‍👧‍👦 all four",
                                          tags: ["🏜 road"]), size: size)
        case "arabic":
            // Wrapped in logical order, each line shaped and reordered: the year reads ١٩٧٦ inside
            // brackets that face the right way, letters joined, the second line as right as the first.
            model = Self.withTopCard(Card(id: "ar", title: "فيلم: الرسالة (١٩٧٦)",
                                          body: "فيلم تاريخي عن بداية الإسلام، من إخراج مصطفى العقاد (١٩٧٦) ومدته ١٧٧ دقيقة.",
                                          tags: ["دراما", "1976"]), size: size)
        case "empty":
            update(&model, .server(.cardResolved(CardResolved(card: "dune", outcome: .noMatch, tally: Tally(card: "dune"), visible: [],
                                                              remaining: 0))))
            update(&model, .tick(now: 2000))
        default:
            Issue.record("unknown scene \(name)")
        }
        return model
    }

    /// The fixture room with `card` on top of the stack.
    static func withTopCard(_ card: Card, size: TermSize) -> AppModel {
        SampleScenes.withTopCard(card, size: size)
    }

    static let cases: [(String, TermSize)] = ["rest", "drag", "koloda", "koloda-drag", "flyoff", "match", "results", "help", "empty", "emoji", "arabic"].flatMap { name in
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

    @Test func aLockstepTimerCountsDownInTheSidebar() {
        var model = SampleScenes.atRest(size: TermSize(columns: 80, rows: 24))
        update(&model, .server(.phase(PhaseChanged(phase: .voting, deadline: 50_000 + 12_000))))
        #expect(view(model, size: model.size).plainText.contains("⏱ 12 s left"))
        update(&model, .tick(now: 1000 + 8_500))
        #expect(view(model, size: model.size).plainText.contains("⏱ 4 s left"))
    }
}
