import Testing
@testable import SwipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct DragPhysicsTests {
    static let container = Rect(origin: .zero, size: .sourceContainer)
    static let source = DragPhysics(configuration: .source)

    // Seed 000: card.center = containerCenter + translation; rotation = tan(translation.x / (2 · containerWidth)).
    @Test(arguments: [
        Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: -60, y: 35), Point(x: 250, y: -80), Point(x: -215, y: 10),
    ])
    func sourceDragReproducesSeed000(_ translation: Point) {
        let state = Self.source.state(translation: translation, in: Self.container)
        #expect(state.center == Point(x: 150 + translation.x, y: 200 + translation.y))
        #expect(state.rotation == tan(translation.x / (300 * 2.0)))
        #expect(state.scale == 1)
        #expect(state.transform == CardTransform(translation: translation, rotation: state.rotation))
    }

    @Test func sourceTiltIsBoundedFarBeyondTheSwipePoint() {
        let state = Self.source.state(translation: Point(x: 5_000, y: 0), in: Self.container)
        #expect(motionClose(state.rotation, 1, 1e-12))
    }

    // Seed 000: on release, center.x > 400 → right; center.x < −65 → left; else snap back.
    @Test(arguments: [
        (250.0, SwipeDecision.snapBack),          // center.x = 400: not beyond
        (250.001, .swipe(.right)),
        (400, .swipe(.right)),
        (-215, .snapBack),                        // center.x = −65
        (-215.001, .swipe(.left)),
        (0, .snapBack),
        (120, .snapBack),
        (-200, .snapBack),
    ])
    func sourceDecisionReproducesSeed000(_ dx: Double, _ expected: SwipeDecision) {
        let decision = Self.source.decision(translation: Point(x: dx, y: 30), velocity: Point(x: 10_000, y: 0), in: Self.container)
        #expect(decision == expected)
    }

    @Test func sourceProgressReachesOneExactlyAtTheThresholds() {
        let right = Self.source.state(translation: Point(x: 125, y: 0), in: Self.container)
        #expect(right.leadingDirection == .right)
        #expect(right.progress == 0.5)
        #expect(right.progressByDirection(.left) == 0)
        let left = Self.source.state(translation: Point(x: -215, y: 0), in: Self.container)
        #expect(left.leadingDirection == .left)
        #expect(left.progress == 1)
        #expect(Self.source.state(translation: .zero, in: Self.container).leadingDirection == nil)
        #expect(Self.source.state(translation: Point(x: 0, y: -300), in: Self.container).leadingDirection == nil)
    }

    // Koloda's DraggableCardView: strength = x / W (≤ rotationMax), rotation = ±π/10 · strength,
    // scale = max(1 − 0.2 · |strength|, 0.8).
    @Test(arguments: [
        (0.0, 0.0, 1.0), (150, Double.pi / 20, 0.9), (300, Double.pi / 10, 0.8), (600, Double.pi / 10, 0.8),
        (-75, -Double.pi / 40, 0.95),
    ])
    func kolodaTiltReproducesDraggableCardView(_ dx: Double, _ rotation: Double, _ scale: Double) {
        let state = DragPhysics().state(translation: Point(x: dx, y: 40), in: Self.container)
        #expect(motionClose(state.rotation, rotation, 1e-12))
        #expect(motionClose(state.scale, scale, 1e-12))
        let lower = DragPhysics().state(translation: Point(x: dx, y: 40), in: Self.container, grabPoint: Point(x: 10, y: 390))
        #expect(motionClose(lower.rotation, -rotation, 1e-12))
    }

    // Koloda's default margin 1: the card's centre dragged to its own edge (W/2 sideways, H/2 vertically).
    @Test(arguments: [
        (Point(x: 149, y: 0), SwipeDecision.snapBack),
        (Point(x: 150, y: 0), .swipe(.right)),
        (Point(x: -150, y: 10), .swipe(.left)),
        (Point(x: 0, y: -200), .swipe(.up)),
        (Point(x: 0, y: 400), .snapBack),          // down is not allowed by default
        (Point(x: 10, y: -199), .snapBack),
    ])
    func kolodaRatioThreshold(_ translation: Point, _ expected: SwipeDecision) {
        #expect(DragPhysics().decision(translation: translation, velocity: .zero, in: Self.container) == expected)
    }

    @Test func progressIsTheShareOfTheRatioMargin() {
        var config = DragConfiguration.default
        config.threshold = .ratio(0.5)
        let state = DragPhysics(configuration: config).state(translation: Point(x: 37.5, y: 0), in: Self.container)
        #expect(state.leadingDirection == .right)
        #expect(state.progress == 0.5)
        #expect(DragPhysics(configuration: config).decision(translation: Point(x: 75, y: 0), velocity: .zero, in: Self.container)
            == .swipe(.right))
    }

    @Test func diagonalsLeadWhenAllowed() {
        let config = DragConfiguration(allowedDirections: Set(SwipeDirection.allCases))
        let physics = DragPhysics(configuration: config)
        // (150, −200) is the card's top-right corner in normalised coordinates: exactly up-right.
        let state = physics.state(translation: Point(x: 150, y: -200), in: Self.container)
        #expect(state.leadingDirection == .upRight)
        #expect(state.progress == 1)
        #expect(physics.decision(translation: Point(x: 150, y: -200), velocity: .zero, in: Self.container) == .swipe(.upRight))
        #expect(physics.state(translation: Point(x: -100, y: 140), in: Self.container).leadingDirection == .downLeft)
        #expect(physics.state(translation: Point(x: 100, y: 5), in: Self.container).leadingDirection == .right)
    }

    @Test func flicksSwipeUnderTheDistanceThreshold() {
        let physics = DragPhysics()
        #expect(physics.decision(translation: Point(x: 20, y: 0), velocity: Point(x: 900, y: 50), in: Self.container)
            == .swipe(.right))
        #expect(physics.decision(translation: Point(x: 20, y: 0), velocity: Point(x: 700, y: 0), in: Self.container)
            == .snapBack)
        #expect(physics.decision(translation: Point(x: 20, y: 0), velocity: Point(x: 0, y: 2_000), in: Self.container)
            == .snapBack)   // down is not allowed and no allowed direction is within 90°
    }

    @Test func decisionsOnlyReturnAllowedDirections() {
        var rng = MotionRNG(seed: 42)
        let all = SwipeDirection.allCases
        for _ in 0..<5_000 {
            var allowed = Set<SwipeDirection>()
            for direction in all where rng.unit() < 0.4 { allowed.insert(direction) }
            let tilt: TiltStyle = rng.unit() < 0.5 ? .sourceTangent : .koloda()
            let threshold: SwipeThreshold = rng.unit() < 0.5 ? .ratio(rng.double(0, 1.5)) : .source
            let velocityThreshold = rng.unit() < 0.2 ? Double.infinity : rng.double(0, 2_000)
            let physics = DragPhysics(configuration: DragConfiguration(
                tilt: tilt, threshold: threshold, velocityThreshold: velocityThreshold, allowedDirections: allowed))
            let bounds = Rect(x: rng.double(-50, 50), y: rng.double(-50, 50), width: rng.double(-10, 600), height: rng.double(-10, 800))
            let translation = Point(x: rng.double(-900, 900), y: rng.double(-900, 900))
            let velocity = Point(x: rng.double(-3_000, 3_000), y: rng.double(-3_000, 3_000))
            let decision = physics.decision(translation: translation, velocity: velocity, in: bounds)
            if let direction = decision.direction { #expect(allowed.contains(direction), "\(decision) not in \(allowed)") }
            let state = physics.state(translation: translation, in: bounds)
            if let leading = state.leadingDirection { #expect(allowed.contains(leading)) }
            #expect(state.progress >= 0 && state.progress <= 1)
            for direction in all {
                #expect(state.progressByDirection(direction) >= 0 && state.progressByDirection(direction) <= 1)
            }
            #expect(state.rotation.isFinite && state.scale.isFinite)
        }
    }

    @Test func nonFiniteInputIsTreatedAsNoMovement() {
        let state = DragPhysics().state(translation: Point(x: .nan, y: .infinity), in: Self.container)
        #expect(state.center == Point(x: 150, y: 200))
        #expect(DragPhysics().decision(translation: Point(x: .nan, y: 0), velocity: Point(x: .infinity, y: 0), in: Self.container)
            == .snapBack)
    }

    @Test func dragFrameFollowsTheCentre() {
        let state = Self.source.state(translation: Point(x: 100, y: 20), in: Self.container)
        let frame = dragFrame(restingFrame: Self.container, state: state)
        #expect(frame == Rect(x: 100, y: 20, width: 300, height: 400))
        #expect(frame.center == state.center)
    }
}
