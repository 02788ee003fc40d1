import Testing
@testable import SwipeCore

@Suite struct StandardAnimationsTests {
    static let container = Rect(origin: .zero, size: .sourceContainer)

    // Seed 000: fly-off 0.2 s to center + translation + (±200, +75), alpha → 0.
    @Test(arguments: [
        (SwipeDirection.right, Point(x: 260, y: 12), Point(x: 460, y: 87)),
        (SwipeDirection.left, Point(x: -230, y: -40), Point(x: -430, y: 35)),
    ])
    func flyOffReproducesSeed000(_ direction: SwipeDirection, _ translation: Point, _ end: Point) {
        let drag = DragPhysics(configuration: .source).state(translation: translation, in: Self.container)
        let spec = StandardAnimations.flyOff(from: drag.transform, direction: direction)
        #expect(spec.kind == .flyOff)
        #expect(spec.duration == 0.2)
        #expect(spec.from == drag.transform)
        #expect(spec.to.translation == end)
        #expect(Self.container.center + spec.to.translation == drag.center + StandardAnimations.flyOffOffset(direction))
        #expect(spec.to.alpha == 0)
        #expect(spec.to.rotation == drag.rotation)   // UIView.animate keeps the tilt
    }

    @Test(arguments: SwipeDirection.allCases)
    func flyOffLeavesAlongItsDirection(_ direction: SwipeDirection) {
        let offset = StandardAnimations.flyOffOffset(direction)
        let u = direction.unitVector
        #expect(offset.x * u.x + offset.y * u.y >= 200 - 1e-9)   // at least 200 points along the direction
    }

    // Seed 000: snap back 0.2 s to the identity transform at the container centre.
    @Test func snapBackReproducesSeed000() {
        let drag = DragPhysics(configuration: .source).state(translation: Point(x: 180, y: 30), in: Self.container)
        let spec = StandardAnimations.snapBack(from: drag.transform)
        #expect(spec.kind == .snapBack)
        #expect(spec.duration == 0.2)
        #expect(spec.to == .identity)
        #expect(dragFrame(restingFrame: Self.container, state: drag).applying(.identity) != Self.container)
        #expect(Self.container.applying(spec.sample(at: 0.2)).center == Point(x: 150, y: 200))
    }

    // Seed 000: after a swipe every card animates to its new index frame in 0.2 s.
    @Test func reflowReproducesSeed000() {
        let layout = StackedInsetsLayout()
        let old = layout.frame(forCardAt: 1, visibleCount: 3, in: Self.container)
        let new = layout.frame(forCardAt: 0, visibleCount: 3, in: Self.container)
        let spec = StandardAnimations.reflow(fromFrame: old, toFrame: new)
        #expect(spec.kind == .reflow)
        #expect(spec.duration == 0.2)
        #expect(spec.from.translation == Point(x: 0, y: 10))
        #expect(spec.from.scale == 280.0 / 300.0)
        #expect(spec.to == .identity)
        #expect(motionClose(new.applying(spec.sample(at: 0)).center, old.center))
        #expect(new.applying(spec.sample(at: 0.2)) == new)
    }

    // Seed 001: the background card arrives with POP's spring (9, 16), fading in.
    @Test func backgroundArrivalReproducesSeed001() {
        let layout = KolodaBackgroundLayout()
        let background = layout.frame(forCardAt: 1, visibleCount: 2, in: Self.container)
        let front = layout.frame(forCardAt: 0, visibleCount: 2, in: Self.container)
        let spec = StandardAnimations.backgroundArrival(fromFrame: background, toFrame: front)
        #expect(spec.kind == .backgroundArrival)
        #expect(spec.curve == .spring(bounciness: 9, speed: 16))
        #expect(spec.duration == SpringParameters(bounciness: 9, speed: 16).settleTime())
        #expect(spec.from.alpha == 0 && spec.to.alpha == 1)
        #expect(spec.from.scale == 450.0 / 280.0)
        // the spring overshoots: part-way the card is smaller than its slot (scale < 1)
        let smallest = stride(from: 0.0, through: spec.duration, by: 0.002).map { spec.sample(at: $0).scale }.min() ?? 1
        #expect(smallest < 1)
        // opacity never overshoots
        for step in 0...200 {
            let alpha = spec.sample(at: Double(step) * spec.duration / 200).alpha
            #expect(alpha >= 0 && alpha <= 1)
        }
    }

    // Seed 001: a new card "collects itself from the background": scale 3.5 → 1 with a bounce.
    @Test func appearReproducesSeed001() {
        let spec = StandardAnimations.appear()
        #expect(spec.kind == .appear)
        #expect(spec.from.scale == 3.5)
        #expect(spec.to.scale == 1)
        #expect(spec.curve.isSpring)
        #expect(spec.sample(at: 0).scale == 3.5)
        #expect(spec.sample(at: spec.duration).scale == 1)
        let smallest = stride(from: 0.0, through: spec.duration, by: 0.002).map { spec.sample(at: $0).scale }.min() ?? 1
        #expect(smallest < 1, "a bounce dips below the resting size")
    }

    @Test func revertStartsWhereAFlyOffFromRestEnds() {
        for direction in SwipeDirection.allCases {
            let revert = StandardAnimations.revert(direction: direction)
            let flyOff = StandardAnimations.flyOff(from: .identity, direction: direction)
            #expect(revert.kind == .revert)
            #expect(revert.from == flyOff.to)
            #expect(revert.to == .identity)
            #expect(revert.duration == 0.3)
        }
    }

    @Test func everyAnimationStartsAtItsStartAndEndsAtItsEnd() {
        var rng = MotionRNG(seed: 2026)
        func randomTransform() -> CardTransform {
            CardTransform(
                translation: Point(x: rng.double(-500, 500), y: rng.double(-500, 500)), rotation: rng.double(-1, 1),
                scale: rng.double(0.1, 4), alpha: rng.unit())
        }
        func randomRect() -> Rect {
            Rect(x: rng.double(-300, 300), y: rng.double(-300, 300), width: rng.double(-10, 600), height: rng.double(-10, 800))
        }
        let curves: [AnimationCurve] = [
            .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(x1: 0.3, y1: -0.4, x2: 0.7, y2: 1.4),
            .popDefaultSpring, .kolodaBackgroundSpring, .spring(bounciness: 20, speed: 0), .spring(bounciness: 0, speed: 20),
        ]
        for _ in 0..<1_500 {
            let spec: CardAnimationSpec
            switch rng.int(0, 6) {
            case 0: spec = StandardAnimations.flyOff(from: randomTransform(), direction: rng.pick(SwipeDirection.allCases))
            case 1: spec = StandardAnimations.snapBack(from: randomTransform())
            case 2: spec = StandardAnimations.reflow(fromFrame: randomRect(), toFrame: randomRect(), curve: rng.pick(curves))
            case 3: spec = StandardAnimations.appear(curve: rng.pick(curves))
            case 4: spec = StandardAnimations.backgroundArrival(fromFrame: randomRect(), toFrame: randomRect(), curve: rng.pick(curves))
            case 5: spec = StandardAnimations.revert(direction: rng.pick(SwipeDirection.allCases))
            default:
                spec = CardAnimationSpec(
                    kind: rng.pick(AnimationKind.allCases), from: randomTransform(), to: randomTransform(),
                    curve: rng.pick(curves), duration: rng.double(0.01, 2))
            }
            #expect(spec.duration > 0)
            #expect(spec.sample(at: 0) == spec.from)
            #expect(spec.sample(at: -rng.double(0, 5)) == spec.from)
            #expect(spec.sample(at: spec.duration) == spec.to)
            #expect(spec.sample(at: spec.duration + rng.double(0, 5)) == spec.to)
            #expect(!spec.isFinished(at: spec.duration * 0.5) && spec.isFinished(at: spec.duration))
            // just before the end the card is already (nearly) there: no jump at the end (a spring
            // cut short by an explicit duration shorter than its settle time does jump, by design)
            guard !spec.curve.isSpring || spec.duration >= spec.curve.settleDuration(default: 0) else { continue }
            let nearEnd = spec.sample(at: spec.duration * (1 - 1e-9))
            #expect(motionClose(nearEnd, spec.to, 1e-3 * (1 + abs(spec.from.scale - spec.to.scale)
                + (spec.from.translation - spec.to.translation).length + abs(spec.from.rotation - spec.to.rotation))))
        }
    }

    @Test func instantAnimationsJumpToTheirEnd() {
        let spec = CardAnimationSpec(kind: .reflow, from: CardTransform(alpha: 0), to: .identity, curve: .linear, duration: 0)
        #expect(spec.sample(at: 0) == spec.from)
        #expect(spec.sample(at: 0.001) == spec.to)
        #expect(!spec.isFinished(at: 0) && spec.isFinished(at: 0.001))
    }
}
