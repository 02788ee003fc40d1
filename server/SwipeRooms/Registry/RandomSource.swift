import SwipeCore

/// Where room codes and resume tokens get their randomness: the system generator in production,
/// a seeded one in tests.
///
/// ```swift
/// var random: any RandomSource = SeededRandom(seed: 42)
/// random.next()   // the same number every run
/// ```
public protocol RandomSource: Sendable {
    mutating func next() -> UInt64
}

/// The operating system's cryptographically secure generator.
///
/// ```swift
/// var random = SystemRandom()
/// let bits = random.next()
/// ```
public struct SystemRandom: RandomSource {
    private var generator = SystemRandomNumberGenerator()
    public init() {}
    public mutating func next() -> UInt64 { generator.next() }
}

/// A reproducible generator (SplitMix64) for tests.
///
/// ```swift
/// var a = SeededRandom(seed: 1), b = SeededRandom(seed: 1)
/// a.next() == b.next()   // true
/// ```
public struct SeededRandom: RandomSource {
    private var generator: SplitMix64
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }
    public mutating func next() -> UInt64 { generator.next() }
}

extension RandomSource {
    /// A uniformly drawn index below `bound` (rejection sampling, no modulo bias).
    mutating func index(below bound: Int) -> Int {
        let limit = UInt64.max - UInt64.max % UInt64(bound)
        while true {
            let value = next()
            if value < limit { return Int(value % UInt64(bound)) }
        }
    }
}
