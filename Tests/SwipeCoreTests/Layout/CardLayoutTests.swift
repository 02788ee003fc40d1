import Testing
@testable import SwipeCore

@Suite struct CardLayoutTests {
    static let container = Rect(origin: .zero, size: .sourceContainer)

    // Seed 000: frame(i) = bounds; x += i·hInset; y += i·vInset; width −= 2·i·hInset (insets 10/10).
    @Test(arguments: [
        (0, Rect(x: 0, y: 0, width: 300, height: 400)),
        (1, Rect(x: 10, y: 10, width: 280, height: 400)),
        (2, Rect(x: 20, y: 20, width: 260, height: 400)),
        (3, Rect.zero),   // cardsToBeVisible = 3
        (-1, Rect.zero),
    ])
    func stackedInsetsReproducesSeed000(_ index: Int, _ expected: Rect) {
        #expect(StackedInsetsLayout().frame(forCardAt: index, visibleCount: 3, in: Self.container) == expected)
    }

    @Test func stackedInsetsFollowsTheBoundsOrigin() {
        let bounds = Rect(x: 5, y: 7, width: 300, height: 400)
        #expect(StackedInsetsLayout(horizontalInset: 4, verticalInset: 6).frame(forCardAt: 2, visibleCount: 3, in: bounds)
            == Rect(x: 13, y: 19, width: 284, height: 400))
    }

    // Seed 001: index 0: x = 10, y = 20, w = W − 20, h = w·1.25; index 1: x = −0.25W, y = 0, w = 1.5W, h = w·1.25.
    @Test(arguments: [
        (0, Rect(x: 10, y: 20, width: 280, height: 350)),
        (1, Rect(x: -75, y: 0, width: 450, height: 562.5)),
        (2, Rect.zero),
        (-1, Rect.zero),
    ])
    func kolodaBackgroundReproducesSeed001(_ index: Int, _ expected: Rect) {
        #expect(KolodaBackgroundLayout().frame(forCardAt: index, visibleCount: 3, in: Self.container) == expected)
    }

    @Test func kolodaBackgroundDoesNotMoveBackgroundCardsByDefault() {
        #expect(KolodaBackgroundLayout().movesBackgroundCards == false)
        #expect(StackedInsetsLayout().movesBackgroundCards == false)
        #expect(KolodaStackLayout().movesBackgroundCards == true)
    }

    // Koloda's frameForCard(at:): top margin 4·(n−1), each card 0.95× the previous, 4 points lower.
    @Test(arguments: [
        (0, Rect(x: 0, y: 0, width: 300, height: 392)),
        (1, Rect(x: 7.5, y: 23.6, width: 285, height: 372.4)),
        (2, Rect(x: 14.625, y: 46.22, width: 270.75, height: 353.78)),
        (3, Rect.zero),
    ])
    func kolodaStackReproducesKolodaView(_ index: Int, _ expected: Rect) {
        let frame = KolodaStackLayout().frame(forCardAt: index, visibleCount: 3, in: Self.container)
        #expect(motionClose(frame, expected, 1e-9), "\(frame) ≠ \(expected)")
    }

    @Test func layoutStylesNameTheirLayouts() {
        #expect(LayoutStyle.stackedInsets.layout is StackedInsetsLayout)
        #expect(LayoutStyle.kolodaBackground.layout is KolodaBackgroundLayout)
        #expect(LayoutStyle.kolodaStack.layout is KolodaStackLayout)
        #expect(LayoutStyle(rawValue: "kolodaStack") == .kolodaStack)
        #expect(LayoutStyle.kolodaBackground.defaultVisibleCount == 2)
        #expect(LayoutStyle.stackedInsets.behavior == .source)
    }

    @Test func framesNeverHaveNegativeSizes() {
        var rng = MotionRNG(seed: 0xC0FFEE)
        let specials: [Double] = [0, -0.0, -1, -300, 0.001, 1, 19.99, 20, .nan, .infinity, -.infinity]
        for style in LayoutStyle.allCases {
            for _ in 0..<2_000 {
                let width = rng.unit() < 0.3 ? rng.pick(specials) : rng.double(-500, 2_000)
                let height = rng.unit() < 0.3 ? rng.pick(specials) : rng.double(-500, 2_000)
                let bounds = Rect(x: rng.double(-100, 100), y: rng.double(-100, 100), width: width, height: height)
                let count = rng.int(-1, 6)
                let index = rng.int(-2, 7)
                let frame = style.layout.frame(forCardAt: index, visibleCount: count, in: bounds)
                #expect(frame.width >= 0 && frame.height >= 0, "\(style) \(index)/\(count) in \(bounds): \(frame)")
                #expect(frame.width.isFinite && frame.height.isFinite && frame.minX.isFinite && frame.minY.isFinite)
                if index < 0 || index >= count { #expect(frame == .zero) }
            }
            for (index, count) in [(Int.max - 1, Int.max), (1_000_000, 1_000_001), (0, Int.max)] {
                let frame = style.layout.frame(forCardAt: index, visibleCount: count, in: Self.container)
                #expect(frame.width >= 0 && frame.height >= 0 && frame.minX.isFinite && frame.minY.isFinite, "\(style) \(index): \(frame)")
            }
        }
    }

    @Test func backgroundCardsReachTheNextSlotWhenTheyMove() {
        let layout = KolodaStackLayout()
        for index in 1..<3 {
            let resting = layout.frame(forCardAt: index, visibleCount: 3, in: Self.container)
            let next = layout.frame(forCardAt: index - 1, visibleCount: 3, in: Self.container)
            let atStart = layout.backgroundTransform(forCardAt: index, visibleCount: 3, in: Self.container, dragProgress: 0)
            let atEnd = layout.backgroundTransform(forCardAt: index, visibleCount: 3, in: Self.container, dragProgress: 1)
            let beyond = layout.backgroundTransform(forCardAt: index, visibleCount: 3, in: Self.container, dragProgress: 7)
            #expect(motionClose(atStart, .identity))
            #expect(motionClose(resting.applying(atEnd), next, 1e-9), "\(resting.applying(atEnd)) ≠ \(next)")
            #expect(atEnd == beyond)
            let half = layout.backgroundTransform(forCardAt: index, visibleCount: 3, in: Self.container, dragProgress: 0.5)
            let halfFrame = resting.applying(half)
            #expect(motionClose(halfFrame.minY, (resting.minY + next.minY) / 2, 1e-9))
        }
        #expect(layout.backgroundTransform(forCardAt: 0, visibleCount: 3, in: Self.container, dragProgress: 1) == .identity)
    }

    @Test(arguments: LayoutStyle.allCases.filter { !$0.layout.movesBackgroundCards })
    func backgroundCardsStayWhenTheLayoutSaysSo(_ style: LayoutStyle) {
        for index in 0..<4 {
            #expect(style.layout.backgroundTransform(forCardAt: index, visibleCount: 3, in: Self.container, dragProgress: 0.8)
                == .identity)
        }
    }

    @Test func framesAndTransformsRoundTrip() {
        let resting = Rect(x: 0, y: 0, width: 300, height: 400)
        let other = Rect(x: 20, y: 30, width: 150, height: 200)
        let t = CardTransform(placing: other, relativeTo: resting)
        #expect(t.translation == Point(x: -55, y: -70))
        #expect(t.scale == 0.5)
        #expect(resting.applying(t) == other)
        #expect(CardTransform(placing: other, relativeTo: .zero).scale == 1)
    }
}
