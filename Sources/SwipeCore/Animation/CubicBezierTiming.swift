/// A CSS / Core Animation timing function: a cubic Bézier from (0, 0) to (1, 1) with two control
/// points, solved for "progress at time fraction x" by Newton's method with a bisection fallback.
///
/// The control points' x values are clamped to 0…1 so that x(t) is monotonic and the solve
/// always has exactly one answer; y values are free (they may overshoot).
///
/// ```swift
/// let easeInOut = CubicBezierTiming(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
/// easeInOut.progress(at: 0.5)   // 0.5
/// easeInOut.progress(at: 0.25)  // ≈ 0.129
/// ```
public struct CubicBezierTiming: Hashable, Sendable {
    /// First control point x (0…1).
    public let x1: Double
    /// First control point y.
    public let y1: Double
    /// Second control point x (0…1).
    public let x2: Double
    /// Second control point y.
    public let y2: Double

    /// Creates a timing function from its two control points.
    ///
    /// ```swift
    /// let easeOut = CubicBezierTiming(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// ```
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = Self.unit(x1)
        self.y1 = y1.isFinite ? y1 : 0
        self.x2 = Self.unit(x2)
        self.y2 = y2.isFinite ? y2 : 1
    }

    /// The curve's y at time fraction `x` (clamped to 0…1).
    ///
    /// ```swift
    /// CubicBezierTiming(x1: 0.42, y1: 0, x2: 1, y2: 1).progress(at: 1)   // 1
    /// ```
    public func progress(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let t = parameter(forX: x)
        return Self.bezier(t, y1, y2)
    }

    /// Solves x(t) = x for t in 0…1.
    func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, x1, x2) - x
            if abs(error) < 1e-12 { return t }
            let slope = Self.bezierDerivative(t, x1, x2)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<64 {
            let value = Self.bezier(t, x1, x2)
            if abs(value - x) < 1e-12 { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    static func bezierDerivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    static func unit(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        return min(value, 1)
    }
}
