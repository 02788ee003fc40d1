import Testing
@testable import SwipeCore

@Suite struct AnimationCurveProgressTests {
    static let timeCurves: [AnimationCurve] = [
        .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
        .cubicBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55),
    ]

    @Test(arguments: timeCurves)
    func timeCurvesRunFromZeroToOne(_ curve: AnimationCurve) {
        #expect(curve.progress(at: 0, duration: 0.2) == 0)
        #expect(curve.progress(at: 1, duration: 0.2) == 1)
        #expect(curve.progress(at: -3, duration: 0.2) == 0)
        #expect(curve.progress(at: 4, duration: 0.2) == 1)
        #expect(curve.settleDuration(default: 0.2) == 0.2)
    }

    @Test func uikitControlPoints() {
        #expect(AnimationCurve.easeIn.bezierTiming == CubicBezierTiming(x1: 0.42, y1: 0, x2: 1, y2: 1))
        #expect(AnimationCurve.easeOut.bezierTiming == CubicBezierTiming(x1: 0, y1: 0, x2: 0.58, y2: 1))
        #expect(AnimationCurve.easeInOut.bezierTiming == CubicBezierTiming(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(AnimationCurve.linear.bezierTiming == nil)
    }

    // Reference values of CSS `ease-in-out` / `ease-in` (independently computed by bisection).
    @Test(arguments: [
        (AnimationCurve.easeInOut, 0.5, 0.5),
        (AnimationCurve.easeInOut, 0.25, 0.129161),
        (AnimationCurve.easeInOut, 0.75, 0.870839),
        (AnimationCurve.easeIn, 0.5, 0.315357),
        (AnimationCurve.easeOut, 0.5, 0.684643),
        (AnimationCurve.linear, 0.3, 0.3),
    ])
    func knownValues(_ curve: AnimationCurve, _ fraction: Double, _ expected: Double) {
        #expect(motionClose(curve.progress(at: fraction, duration: 1), expected, 1e-5), "\(curve.progress(at: fraction, duration: 1))")
    }

    @Test func bezierSolveInvertsX() {
        var rng = MotionRNG(seed: 99)
        for _ in 0..<2_000 {
            let timing = CubicBezierTiming(x1: rng.unit(), y1: rng.double(-1, 2), x2: rng.unit(), y2: rng.double(-1, 2))
            let x = rng.unit()
            let t = timing.parameter(forX: x)
            #expect(t >= 0 && t <= 1)
            #expect(motionClose(CubicBezierTiming.bezier(t, timing.x1, timing.x2), x, 1e-9))
        }
    }

    @Test func timeCurvesAreMonotonicWhenTheirYsStayInRange() {
        for curve in [AnimationCurve.linear, .easeIn, .easeOut, .easeInOut] {
            var previous = 0.0
            for step in 0...1_000 {
                let p = curve.progress(at: Double(step) / 1_000, duration: 1)
                #expect(p >= previous - 1e-12)
                previous = p
            }
        }
    }

    @Test func springsUseElapsedSeconds() {
        let curve = AnimationCurve.kolodaBackgroundSpring
        let spring = SpringParameters(bounciness: 9, speed: 16)
        #expect(curve.progress(at: 0.5, duration: 0.4) == spring.position(at: 0.2))
        #expect(curve.settleDuration(default: 0.2) == spring.settleTime())
        #expect(curve.isSpring && !AnimationCurve.linear.isSpring)
    }
}
