/// Sampling a curve: how far along (0 → 1) an animation is at a given fraction of its duration.
///
/// ```swift
/// AnimationCurve.linear.progress(at: 0.25, duration: 0.2)      // 0.25
/// AnimationCurve.easeInOut.progress(at: 0.5, duration: 0.2)    // 0.5
/// AnimationCurve.kolodaBackgroundSpring.settleDuration(default: 0.2)   // ≈ 0.55
/// ```
extension AnimationCurve {
    /// UIKit's / Core Animation's named timing functions as cubic Béziers:
    /// easeIn (0.42, 0, 1, 1), easeOut (0, 0, 0.58, 1), easeInOut (0.42, 0, 0.58, 1)
    /// (`UIView.animate(withDuration:)`'s default curve is easeInOut). Nil for linear and spring.
    ///
    /// ```swift
    /// AnimationCurve.easeIn.bezierTiming   // (0.42, 0, 1, 1)
    /// ```
    public var bezierTiming: CubicBezierTiming? {
        switch self {
        case .linear, .spring: return nil
        case .easeIn: return CubicBezierTiming(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case .easeOut: return CubicBezierTiming(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case .easeInOut: return CubicBezierTiming(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        case let .cubicBezier(x1, y1, x2, y2): return CubicBezierTiming(x1: x1, y1: y1, x2: x2, y2: y2)
        }
    }

    /// Progress (0 at the start, 1 at the end; springs may overshoot) at `fraction` of an
    /// animation lasting `duration` seconds. Time-based curves clamp `fraction` to 0…1 and ignore
    /// `duration`; a spring is evaluated at `fraction · duration` seconds after release.
    ///
    /// ```swift
    /// AnimationCurve.easeIn.progress(at: 0.5, duration: 1)                       // ≈ 0.315
    /// AnimationCurve.spring(bounciness: 9, speed: 16).progress(at: 1, duration: 2)   // ≈ 1
    /// ```
    public func progress(at fraction: Double, duration: Double) -> Double {
        switch self {
        case .linear:
            guard fraction > 0 else { return 0 }
            return min(fraction, 1)
        case .easeIn, .easeOut, .easeInOut, .cubicBezier:
            return bezierTiming.map { $0.progress(at: fraction) } ?? fraction
        case let .spring(bounciness, speed):
            let elapsed = fraction * duration
            return SpringParameters(bounciness: bounciness, speed: speed).position(at: elapsed)
        }
    }

    /// How long the animation should run: a spring's settle time (to within 0.001), otherwise
    /// `defaultDuration`.
    ///
    /// ```swift
    /// AnimationCurve.easeInOut.settleDuration(default: 0.2)   // 0.2
    /// AnimationCurve.popDefaultSpring.settleDuration(default: 0.2)   // ≈ 0.49
    /// ```
    public func settleDuration(default defaultDuration: Double) -> Double {
        switch self {
        case .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier:
            return defaultDuration
        case let .spring(bounciness, speed):
            return SpringParameters(bounciness: bounciness, speed: speed).settleTime()
        }
    }

    /// True for `.spring`.
    ///
    /// ```swift
    /// AnimationCurve.popDefaultSpring.isSpring   // true
    /// ```
    public var isSpring: Bool {
        switch self {
        case .spring: return true
        case .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier: return false
        }
    }
}
