#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring (mass 1) built from POP's `springBounciness` / `springSpeed`, converted exactly
/// as POP's `POPSpringAnimation` does, and solved in closed form: no clock, no stepping.
///
/// `position(at:)` is the spring's position at `t` seconds after it was released from rest at 0
/// towards 1, so it is the progress of any property the spring animates. Under-damped springs
/// overshoot 1 and ring; critically and over-damped ones approach 1 from below.
///
/// POP documents both inputs as ranging over 0…20; inputs are clamped to that range (values
/// inside it are converted unchanged), so the stiffness and damping are always positive. Every
/// POP spring in that range is under-damped (ζ < 1); `init(tension:friction:mass:)` builds any
/// other spring, including critically and over-damped ones.
///
/// ```swift
/// let koloda = SpringParameters(bounciness: 9, speed: 16)
/// koloda.tension        // ≈ 427.064
/// koloda.friction       // ≈ 26.054
/// koloda.dampingRatio   // ≈ 0.630
/// koloda.position(at: 0.1)               // part of the way, ≈ 0.64
/// koloda.settleTime(tolerance: 0.001)    // ≈ 0.55 s
/// ```
public struct SpringParameters: Hashable, Sendable {
    /// Stiffness `k` (POP's `dynamicsTension`).
    public let tension: Double
    /// Damping coefficient `c` (POP's `dynamicsFriction`).
    public let friction: Double
    /// Mass `m`; POP always uses 1.
    public let mass: Double

    /// Converts POP's (bounciness, speed) into tension and friction, exactly as POP does.
    ///
    /// ```swift
    /// let popDefault = SpringParameters(bounciness: 4, speed: 12)
    /// popDefault.tension    // ≈ 342.101
    /// popDefault.friction   // ≈ 30.487
    /// ```
    public init(bounciness: Double, speed: Double) {
        let b = Self.clampToPOPRange(bounciness)
        let s = Self.clampToPOPRange(speed)
        let normalizedBounciness = 0.8 * (b / 1.7) / 20
        let normalizedSpeed = (s / 1.7) / 20
        let qcTension = 0.5 + normalizedSpeed * (200 - 0.5)
        let q = 2 * normalizedBounciness - normalizedBounciness * normalizedBounciness
        let qcFriction = q * 0.01 + (1 - q) * Self.noBounceFriction(tension: qcTension)
        tension = 194 + (qcTension - 30) * (375 - 194) / 50
        friction = 25 + (qcFriction - 8) * (25 - 19) / 2
        mass = 1
    }

    /// A spring from its physical constants. Non-positive or non-finite values are replaced:
    /// tension by 1, friction by 0.001 (so it still settles), mass by 1.
    ///
    /// ```swift
    /// let critical = SpringParameters(tension: 100, friction: 20)
    /// critical.dampingRatio   // 1
    /// ```
    public init(tension: Double, friction: Double, mass: Double = 1) {
        self.tension = tension > 0 && tension.isFinite ? tension : 1
        self.friction = friction > 0 && friction.isFinite ? friction : 0.001
        self.mass = mass > 0 && mass.isFinite ? mass : 1
    }

    /// The spring behind an `AnimationCurve.spring`, or nil for the other curves.
    ///
    /// ```swift
    /// SpringParameters(curve: .kolodaBackgroundSpring)?.tension   // ≈ 427.064
    /// SpringParameters(curve: .linear)                            // nil
    /// ```
    public init?(curve: AnimationCurve) {
        switch curve {
        case let .spring(bounciness, speed): self.init(bounciness: bounciness, speed: speed)
        case .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier: return nil
        }
    }

    /// Natural angular frequency `ω₀ = √(k/m)` in radians per second.
    ///
    /// ```swift
    /// SpringParameters(bounciness: 9, speed: 16).naturalFrequency   // ≈ 20.67
    /// ```
    public var naturalFrequency: Double { (tension / mass).squareRoot() }

    /// Damping ratio `ζ = c / (2√(k·m))`: below 1 the spring overshoots, 1 is critical, above 1
    /// it creeps.
    ///
    /// ```swift
    /// SpringParameters(bounciness: 9, speed: 16).dampingRatio   // ≈ 0.630
    /// ```
    public var dampingRatio: Double { friction / (2 * (tension * mass).squareRoot()) }

    /// Position at `t` seconds after release from rest at 0 towards 1 (closed form). `t ≤ 0`
    /// (and NaN) gives 0.
    ///
    /// ```swift
    /// let spring = SpringParameters(bounciness: 4, speed: 12)
    /// spring.position(at: 0)     // 0
    /// spring.position(at: 2)     // 1 (to within 1e-9)
    /// ```
    public func position(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 + displacement(at: t)
    }

    /// The first time after which the position stays within `tolerance` of 1 for ever.
    ///
    /// For an under-damped spring the oscillation is bounded by the decay envelope
    /// `e^(−ζω₀t) · min(1/√(1−ζ²), 1 + ζω₀t)`, and the answer is where that envelope reaches
    /// `tolerance`, so it is safe (never early) and a little late at most; critically and
    /// over-damped springs approach 1 monotonically and the exact time is found by bisection.
    ///
    /// ```swift
    /// SpringParameters(bounciness: 9, speed: 16).settleTime()   // ≈ 0.55 s
    /// ```
    public func settleTime(tolerance: Double = 0.001) -> Double {
        let tol = tolerance > 0 ? min(tolerance, 1) : 0.001
        var high = 1.0
        while bound(at: high) > tol && high < 1e9 { high *= 2 }
        var low = 0.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if bound(at: mid) > tol { low = mid } else { high = mid }
            if high - low < 1e-12 { break }
        }
        return high
    }

    /// A non-increasing function of `t` that is ≥ |position − 1| from `t` on.
    func bound(at t: Double) -> Double {
        let zeta = dampingRatio
        guard zeta < 1 else { return abs(displacement(at: t)) }
        let decay = zeta * naturalFrequency
        let envelope = min(1 / (1 - zeta * zeta).squareRoot(), 1 + decay * t)
        return exp(-decay * t) * envelope
    }

    /// `position − 1`: starts at −1 with zero velocity.
    func displacement(at t: Double) -> Double {
        let omega = naturalFrequency
        let zeta = dampingRatio
        if zeta < 1 {
            let decay = zeta * omega
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return -exp(-decay * t) * (cos(damped * t) + decay / damped * sin(damped * t))
        }
        if zeta == 1 {
            return -(1 + omega * t) * exp(-omega * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root)   // slow root
        let r2 = -omega * (zeta + root)   // fast root
        let a = -r2 / (r2 - r1)
        let b = r1 / (r2 - r1)
        return a * exp(r1 * t) + b * exp(r2 * t)
    }

    /// POP's friction for a spring with no bounce at a given Quartz Composer tension.
    static func noBounceFriction(tension t: Double) -> Double {
        if t <= 18 { return 0.0007 * t * t * t - 0.031 * t * t + 0.64 * t + 1.28 }
        if t <= 44 { return 0.000044 * t * t * t - 0.006 * t * t + 0.36 * t + 2 }
        return 0.00000045 * t * t * t - 0.000332 * t * t + 0.1078 * t + 5.84
    }

    static func clampToPOPRange(_ value: Double) -> Double {
        guard value > 0 else { return 0 }   // also maps NaN to 0
        return min(value, 20)
    }
}
