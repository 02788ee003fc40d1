import Testing
@testable import SwipeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct SpringParametersTests {
    // POP's conversion, DESIGN.md's test vectors: (9, 16) → k ≈ 427.064, c ≈ 26.054, ζ ≈ 0.630;
    // (4, 12) → k ≈ 342.101, c ≈ 30.487.
    @Test(arguments: [
        (9.0, 16.0, 427.064, 26.054),
        (4.0, 12.0, 342.101, 30.487),
    ])
    func reproducesPOPsConversion(_ bounciness: Double, _ speed: Double, _ tension: Double, _ friction: Double) {
        let spring = SpringParameters(bounciness: bounciness, speed: speed)
        #expect(motionClose(spring.tension, tension, 0.0005), "k = \(spring.tension)")
        #expect(motionClose(spring.friction, friction, 0.0005), "c = \(spring.friction)")
        #expect(spring.mass == 1)
    }

    @Test func kolodaBackgroundSpringIsUnderDamped() {
        let spring = SpringParameters(bounciness: 9, speed: 16)
        #expect(motionClose(spring.dampingRatio, 0.630, 0.0005))
        // It overshoots: somewhere before settling the position exceeds 1 (the "bounce").
        let peak = stride(from: 0.0, through: 0.5, by: 0.001).map(spring.position(at:)).max() ?? 0
        #expect(peak > 1.05 && peak < 1.1, "peak \(peak)")
    }

    @Test func curveAndSpringAgree() {
        #expect(SpringParameters(curve: .kolodaBackgroundSpring) == SpringParameters(bounciness: 9, speed: 16))
        #expect(SpringParameters(curve: .easeInOut) == nil)
    }

    @Test func startsAtRestAtZero() {
        let spring = SpringParameters(bounciness: 4, speed: 12)
        #expect(spring.position(at: 0) == 0)
        #expect(spring.position(at: -1) == 0)
        #expect(spring.position(at: .nan) == 0)
        // zero initial velocity: tiny steps move quadratically, not linearly
        #expect(spring.position(at: 1e-4) < 1e-5)
    }

    @Test func matchesANumericalIntegrationOfTheSameSpring() {
        for (b, s) in [(9.0, 16.0), (4.0, 12.0), (0.0, 0.0), (20.0, 20.0), (0.0, 20.0)] {
            let spring = SpringParameters(bounciness: b, speed: s)
            var x = 0.0
            var v = 0.0
            let dt = 1e-5
            var t = 0.0
            while t < 0.3 {   // semi-implicit Euler on x'' = −k(x − 1) − c·x'
                v += (-spring.tension * (x - 1) - spring.friction * v) * dt
                x += v * dt
                t += dt
            }
            #expect(motionClose(spring.position(at: t), x, 1e-3), "(\(b), \(s)): \(spring.position(at: t)) vs \(x)")
        }
    }

    @Test func everySpringSettlesAndStays() {
        var rng = MotionRNG(seed: 7)
        for _ in 0..<300 {
            let spring = SpringParameters(bounciness: rng.double(-5, 25), speed: rng.double(-5, 25))
            let tolerance = rng.pick([0.01, 0.001, 0.0001])
            let settle = spring.settleTime(tolerance: tolerance)
            #expect(settle.isFinite && settle > 0)
            for step in 0...400 {
                let t = settle + Double(step) * settle / 100
                #expect(abs(spring.position(at: t) - 1) < tolerance, "k \(spring.tension) c \(spring.friction) t \(t)")
            }
        }
    }

    @Test(arguments: [20.0, 30.0, 80.0])   // ζ = 1, 1.5, 4 for k = 100
    func criticalAndOverDampedSpringsApproachFromBelowAndSettle(_ friction: Double) {
        let creeping = SpringParameters(tension: 100, friction: friction)
        #expect(motionClose(creeping.dampingRatio, friction / 20, 1e-12))
        var previous = 0.0
        for step in 1...300 {
            let x = creeping.position(at: Double(step) * 0.01)
            #expect(x >= previous && x <= 1)
            previous = x
        }
        let settle = creeping.settleTime(tolerance: 0.001)
        #expect(motionClose(creeping.position(at: settle), 1, 0.001 + 1e-9))
        #expect(abs(creeping.position(at: settle * 0.98) - 1) > 0.001)   // and not much earlier
    }

    @Test func underDampedSettleTimeIsSafeButNotFarLate() {
        let spring = SpringParameters(bounciness: 9, speed: 16)
        let settle = spring.settleTime(tolerance: 0.001)
        let lastExcursion = Array(stride(from: 0.0, through: settle, by: 0.0001)).last { abs(spring.position(at: $0) - 1) >= 0.001 } ?? 0
        #expect(lastExcursion < settle)
        #expect(settle - lastExcursion < 0.1, "settle \(settle), last excursion \(lastExcursion)")
    }

    @Test func inputsAreClampedToPOPsRange() {
        #expect(SpringParameters(bounciness: 50, speed: -3) == SpringParameters(bounciness: 20, speed: 0))
        #expect(SpringParameters(bounciness: .nan, speed: .nan).tension > 0)
        #expect(SpringParameters(tension: -5, friction: .nan, mass: 0) == SpringParameters(tension: 1, friction: 0.001, mass: 1))
    }
}
