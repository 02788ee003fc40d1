import Foundation
import SwipeCore

/// One animation as a value: from, to, curve and duration (seconds), sampled at an elapsed time.
/// A bridge over SwipeCore's CardAnimationSpec.
///
/// ```swift
/// let m = Motion(kind: .snapBack, from: CardTransform(rotation: 0.2), to: .identity, curve: .linear, duration: 0.2)
/// m.sample(at: 0.1).rotation   // 0.1
/// m.isFinished(at: 0.25)       // true
/// ```
public struct Motion: Hashable, Sendable {
    public var kind: AnimationKind
    public var from: CardTransform
    public var to: CardTransform
    public var curve: AnimationCurve
    public var duration: Double

    /// Creates an animation value.
    public init(kind: AnimationKind, from: CardTransform, to: CardTransform, curve: AnimationCurve, duration: Double) {
        self.kind = kind
        self.from = from
        self.to = to
        self.curve = curve
        self.duration = duration
    }

    /// The transform `elapsed` seconds after the start (clamped to the ends).
    public func sample(at elapsed: Double) -> CardTransform {
        if elapsed <= 0 { return from }
        if isFinished(at: elapsed) { return to }
        return from.interpolated(to: to, fraction: CurveMath.progress(curve, at: elapsed, duration: duration))
    }

    /// Whether the animation is over `elapsed` seconds after the start.
    public func isFinished(at elapsed: Double) -> Bool { elapsed >= max(0, duration) }
}

/// Curve progress 0 → 1 (springs may overshoot), POP's spring conversion included.
enum CurveMath {
    static func progress(_ curve: AnimationCurve, at elapsed: Double, duration: Double) -> Double {
        let t = duration > 0 ? min(1, max(0, elapsed / duration)) : 1
        switch curve {
        case .linear: return t
        case .easeIn: return bezier(0.42, 0, 1, 1, t)
        case .easeOut: return bezier(0, 0, 0.58, 1, t)
        case .easeInOut: return bezier(0.42, 0, 0.58, 1, t)
        case let .cubicBezier(x1, y1, x2, y2): return bezier(x1, y1, x2, y2, t)
        case let .spring(bounciness, speed): return spring(bounciness: bounciness, speed: speed, at: max(0, elapsed))
        }
    }

    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func coord(_ a: Double, _ b: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if coord(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return coord(y1, y2, (lo + hi) / 2)
    }

    /// POP's (bounciness, speed) → tension k, friction c (mass 1), then the closed-form response.
    static func spring(bounciness: Double, speed: Double, at t: Double) -> Double {
        let b = 0.8 * (bounciness / 1.7) / 20
        let s = (speed / 1.7) / 20
        let tension = 0.5 + s * (200 - 0.5)
        func noBounce(_ x: Double) -> Double {
            if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
            if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
            return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
        }
        let q = 2 * b - b * b
        let friction = q * 0.01 + (1 - q) * noBounce(tension)
        let k = 194 + (tension - 30) * (375 - 194) / 50
        let c = 25 + (friction - 8) * (25 - 19) / 2
        let omega = k.squareRoot()
        let zeta = c / (2 * omega)
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
        }
        return 1 - exp(-omega * t) * (1 + omega * t)
    }
}
