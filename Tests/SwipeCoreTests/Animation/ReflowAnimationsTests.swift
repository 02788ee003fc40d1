import Testing
@testable import SwipeCore

@Suite struct ReflowAnimationsTests {
    static let container = Rect(origin: .zero, size: .sourceContainer)

    // Seed 000: remove the swiped card; add card (count − remaining) at the bottom slot (index 2);
    // animate every visible card to its new index frame in 0.2 s.
    @Test func sourceReflowAfterASwipe() {
        let layout = StackedInsetsLayout()
        let specs = reflowAnimations(layout: layout, visibleCountBefore: 3, visibleCountAfter: 3, in: Self.container)
        #expect(specs.count == 3)
        for (slot, spec) in specs.enumerated() {
            #expect(spec.kind == .reflow)
            #expect(spec.duration == 0.2)
            #expect(spec.curve == .easeInOut)
            #expect(spec.to == .identity)
            let newFrame = layout.frame(forCardAt: slot, visibleCount: 3, in: Self.container)
            let expectedStart = slot < 2 ? layout.frame(forCardAt: slot + 1, visibleCount: 3, in: Self.container) : newFrame
            #expect(motionClose(newFrame.applying(spec.from).center, expectedStart.center))
            #expect(motionClose(newFrame.applying(spec.from).width, expectedStart.width))
        }
        #expect(specs[0].from.translation == Point(x: 0, y: 10))
        #expect(specs[1].from.translation == Point(x: 0, y: 10))
        #expect(specs[2].from == .identity)   // the new card is placed at the bottom slot
    }

    @Test func lastCardsOnlyMoveUp() {
        let layout = StackedInsetsLayout()
        // 2 cards left, nothing to load: 2 → 1 visible
        let specs = reflowAnimations(layout: layout, visibleCountBefore: 2, visibleCountAfter: 1, in: Self.container)
        #expect(specs.count == 1)
        #expect(specs[0].from.translation == Point(x: 0, y: 10))
        #expect(reflowAnimations(layout: layout, visibleCountBefore: 1, visibleCountAfter: 0, in: Self.container).isEmpty)
    }

    @Test func kolodaBackgroundCardArrivesWithASpringAndANewCardCollectsItself() {
        let layout = KolodaBackgroundLayout()
        let specs = reflowAnimations(
            layout: layout, visibleCountBefore: 2, visibleCountAfter: 2, in: Self.container, behavior: .kolodaBackground)
        #expect(specs.count == 2)
        #expect(specs[0].kind == .backgroundArrival)
        #expect(specs[0].curve == .spring(bounciness: 9, speed: 16))
        #expect(specs[0].from.alpha == 0.1 && specs[0].to.alpha == 1)
        let front = layout.frame(forCardAt: 0, visibleCount: 2, in: Self.container)
        let background = layout.frame(forCardAt: 1, visibleCount: 2, in: Self.container)
        #expect(motionClose(front.applying(specs[0].from), background, 1e-9))
        #expect(specs[1].kind == .appear)
        #expect(specs[1].from.scale == 3.5)
        #expect(specs[1].to.alpha == 0.1)
    }

    @Test func defaultBehaviorUsesPOPsDefaultSpring() {
        let behavior = StackBehavior(backgroundCardAnimation: nil)
        #expect(behavior.resolvedBackgroundCurve == .spring(bounciness: 4, speed: 12))
        let specs = reflowAnimations(
            layout: KolodaStackLayout(), visibleCountBefore: 3, visibleCountAfter: 3, in: Self.container, behavior: behavior)
        #expect(specs.allSatisfy { $0.curve == .popDefaultSpring })
        #expect(specs[0].duration == SpringParameters(bounciness: 4, speed: 12).settleTime())
    }

    @Test func fadeInEntrance() {
        var behavior = StackBehavior.source
        behavior.newCardEntrance = .fadeIn
        let specs = reflowAnimations(
            layout: StackedInsetsLayout(), visibleCountBefore: 3, visibleCountAfter: 3, in: Self.container, behavior: behavior)
        #expect(specs[2].kind == .backgroundArrival)
        #expect(specs[2].from.alpha == 0 && specs[2].to.alpha == 1)
    }

    @Test func everyRandomReflowStartsAtTheOldFramesAndEndsAtTheNewOnes() {
        var rng = MotionRNG(seed: 314)
        let behaviors: [StackBehavior] = [.source, .koloda, .kolodaBackground, StackBehavior()]
        for _ in 0..<500 {
            let style = rng.pick(LayoutStyle.allCases)
            let before = rng.int(0, 5)
            let after = rng.int(0, before)
            let bounds = Rect(x: rng.double(-20, 20), y: rng.double(-20, 20), width: rng.double(1, 900), height: rng.double(1, 900))
            let behavior = rng.pick(behaviors)
            let specs = reflowAnimations(
                layout: style.layout, visibleCountBefore: before, visibleCountAfter: after, in: bounds, behavior: behavior)
            #expect(specs.count == after)
            for (slot, spec) in specs.enumerated() {
                #expect(spec.sample(at: 0) == spec.from)
                #expect(spec.sample(at: spec.duration) == spec.to)
                #expect(spec.to.alpha == behavior.restingAlpha(forCardAt: slot))
                #expect(spec.to.translation == .zero && spec.to.scale == 1)
            }
        }
    }

    @Test func stackBehaviorAlphas() {
        #expect(StackBehavior.koloda.alpha(forCardAt: 1, dragProgress: 0.5) == 0.85)
        #expect(StackBehavior.koloda.alpha(forCardAt: 2, dragProgress: 0.5) == 0.7)
        #expect(StackBehavior.koloda.alpha(forCardAt: 0, dragProgress: 0.5) == 1)
        #expect(StackBehavior.kolodaBackground.alpha(forCardAt: 1, dragProgress: 0.9) == 0.1)
        #expect(StackBehavior.source.alpha(forCardAt: 1, dragProgress: 0.9) == 1)
        #expect(StackBehavior(nextCardAlpha: 3).restingAlpha(forCardAt: 1) == 1)
    }
}
