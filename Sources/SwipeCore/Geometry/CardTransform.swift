/// Where a card is drawn relative to its resting frame: translation, rotation (radians, clockwise
/// positive as on screen), uniform scale and opacity.
///
/// Transforms compose: `a.then(b)` applies `a`, then `b` (translations add, rotations add, scales
/// and alphas multiply), which is what stacking a drag on top of a layout needs.
///
/// ```swift
/// let drag = CardTransform(translation: Point(x: 120, y: 10), rotation: 0.2)
/// let faded = drag.then(CardTransform(alpha: 0.5))   // same place, half transparent
/// ```
public struct CardTransform: Hashable, Sendable, Codable, CustomStringConvertible {
    public var translation: Point
    public var rotation: Double
    public var scale: Double
    public var alpha: Double

    /// Creates a transform; every part defaults to the identity.
    ///
    /// ```swift
    /// let t = CardTransform(rotation: .pi / 12)
    /// ```
    public init(translation: Point = .zero, rotation: Double = 0, scale: Double = 1, alpha: Double = 1) {
        self.translation = translation
        self.rotation = rotation
        self.scale = scale
        self.alpha = alpha
    }

    /// No movement, no rotation, scale 1, fully opaque.
    ///
    /// ```swift
    /// CardTransform.identity.alpha   // 1
    /// ```
    public static let identity = CardTransform()

    /// `self` followed by `next`: translations and rotations add, scales and alphas multiply.
    ///
    /// ```swift
    /// CardTransform(scale: 2).then(CardTransform(scale: 1.5)).scale   // 3
    /// ```
    public func then(_ next: CardTransform) -> CardTransform {
        CardTransform(
            translation: translation + next.translation,
            rotation: rotation + next.rotation,
            scale: scale * next.scale,
            alpha: alpha * next.alpha)
    }

    /// Linear blend between two transforms; `fraction` 0 gives `self`, 1 gives `other`, values
    /// outside 0…1 extrapolate (springs overshoot).
    ///
    /// ```swift
    /// CardTransform.identity.interpolated(to: CardTransform(alpha: 0), fraction: 0.25).alpha   // 0.75
    /// ```
    public func interpolated(to other: CardTransform, fraction: Double) -> CardTransform {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        return CardTransform(
            translation: Point(x: mix(translation.x, other.translation.x), y: mix(translation.y, other.translation.y)),
            rotation: mix(rotation, other.rotation),
            scale: mix(scale, other.scale),
            alpha: mix(alpha, other.alpha))
    }

    /// A readable summary, for logs and test failures.
    public var description: String {
        "T\(translation) r=\(rotation.rounded2) s=\(scale.rounded2) a=\(alpha.rounded2)"
    }
}
