@testable import SwipeCore

/// SwipeCore's SplitMix64 with the helpers the property-style tests use: the same seed gives the
/// same sequence on every machine.
struct MotionRNG {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { generator.nextUnit() }

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
