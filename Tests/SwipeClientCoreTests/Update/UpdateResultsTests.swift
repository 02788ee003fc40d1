import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// Scrolling a 40-card ranking at 80×24 (17 lines a page, 23 the furthest) and the votes toggle.
@Suite struct UpdateResultsTests {
    static func model(cards: Int = 40) -> AppModel {
        var model = Fixtures.model()
        update(&model, .key(.character("r")))
        let ranking = (1...cards).map { n in
            ResultRow(rank: n, card: CardID("c\(n)"), title: "Card \(n)", likes: cards - n, nopes: 0, superLikes: 0, matched: false,
                      votes: ["Ann": .like, "Bo": n.isMultiple(of: 2) ? .nope : .superLike])
        }
        update(&model, .server(.results(Results(final: true, ranking: ranking))))
        return model
    }

    /// (keys from the top, the first line shown)
    static let scrolls: [([Key], Int)] = [
        ([.down], 1), ([.character("j"), .character("j")], 2), ([.down, .up], 0), ([.up], 0), ([.character("k")], 0),
        ([.pageDown], 17), ([.pageDown, .pageDown], 23), ([.pageDown, .pageUp], 0), ([.character(" ")], 17),
        ([.end], 23), ([.character("G")], 23), ([.end, .home], 0), ([.end, .character("g")], 0), ([.end, .down], 23),
    ]

    @Test(arguments: scrolls)
    func keysScrollTheRanking(_ keys: [Key], _ first: Int) {
        var model = Self.model()
        for key in keys { #expect(update(&model, .key(key)).isEmpty) }
        #expect(model.resultsScroll == first)
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("\(first + 1). Card \(first + 1) ") || screen.contains(" \(first + 1). Card \(first + 1) "), "\(screen)")
    }

    @Test func moreMarksSayWhatIsHidden() {
        var model = Self.model()
        #expect(view(model, size: model.size).plainText.contains("▼ 23 more"))
        update(&model, .key(.pageDown))
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("▲ 17 more") && screen.contains("▼ 6 more"), "\(screen)")
        update(&model, .key(.end))
        #expect(!view(model, size: model.size).plainText.contains("▼"))
    }

    @Test func vShowsWhoVotedWhatAndKeepsTheTopCard() {
        var model = Self.model()
        update(&model, .key(.character("j")))
        update(&model, .key(.character("j")))
        update(&model, .key(.character("v")))
        #expect(model.showingVotes && model.resultsScroll == 4)
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains(" 3. Card 3") && screen.contains("Ann ♥ · Bo ★"), "\(screen)")
        #expect(model.maxResultsScroll == 80 - 17)
        update(&model, .key(.character("v")))
        #expect(!model.showingVotes && model.resultsScroll == 2)
    }

    @Test func aShortRankingDoesNotScroll() {
        var model = Self.model(cards: 4)
        update(&model, .key(.pageDown))
        #expect(model.resultsScroll == 0)
        #expect(!view(model, size: model.size).plainText.contains("more"))
    }
}
