/// SplitMix64: a small, fast generator that gives the same sequence for the same seed on every
/// machine: for simulated members, property tests and fuzzing. Not for secrets (room codes and
/// tokens use the system generator).
///
/// ```swift
/// var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42)
/// a.next() == b.next()        // true
/// a.nextUnit()                // a Double in [0, 1)
/// Int.random(in: 1...6, using: &a)
/// ```
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    public private(set) var state: UInt64

    /// A generator whose first output is derived from `seed`.
    ///
    /// ```swift
    /// var rng = SplitMix64(seed: 7)
    /// ```
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    ///
    /// ```swift
    /// let bits = rng.next()
    /// ```
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    ///
    /// ```swift
    /// if rng.nextUnit() < 0.45 { /* like */ }
    /// ```
    public mutating func nextUnit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}
