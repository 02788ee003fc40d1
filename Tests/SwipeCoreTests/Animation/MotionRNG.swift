@testable import SwipeCore

/// A tiny deterministic SplitMix64 generator for property-style tests (no Foundation random):
/// the same seed gives the same sequence on every machine.
struct MotionRNG {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    /// Uniform in [low, high).
    mutating func double(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    /// Uniform in low...high.
    mutating func int(_ low: Int, _ high: Int) -> Int { low + Int(next() % UInt64(high - low + 1)) }

    /// An element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[int(0, items.count - 1)] }
}

/// |a − b| ≤ tolerance.
func motionClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func motionClose(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    motionClose(a.x, b.x, tolerance) && motionClose(a.y, b.y, tolerance)
}

func motionClose(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    motionClose(a.origin, b.origin, tolerance) && motionClose(a.width, b.width, tolerance)
        && motionClose(a.height, b.height, tolerance)
}

func motionClose(_ a: CardTransform, _ b: CardTransform, _ tolerance: Double = 1e-9) -> Bool {
    motionClose(a.translation, b.translation, tolerance) && motionClose(a.rotation, b.rotation, tolerance)
        && motionClose(a.scale, b.scale, tolerance) && motionClose(a.alpha, b.alpha, tolerance)
}
