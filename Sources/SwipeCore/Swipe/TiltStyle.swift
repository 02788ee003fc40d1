#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a dragged card tilts (and shrinks) as it moves sideways. Rotation is in radians,
/// clockwise positive as on screen.
///
/// - `sourceTangent` (seed 000): rotation = tan(translation.x / (2 · W)) with W the container
///   width; no shrink. The tutorial's formula is used unchanged up to |translation.x| = π/2 · W
///   (471 points in the 300-point container); beyond that the tangent would blow up, so the
///   argument is clamped to ±π/4 (at most 1 radian).
/// - `koloda` (Koloda's `DraggableCardView`): strength = translation.x / W clamped to
///   ±rotationMax; rotation = ±maxAngle · strength (positive when the card was grabbed in its
///   upper half, negative in its lower half); scale = max(1 − (1 − scaleMin) · |strength|,
///   scaleMin). Koloda clamps the strength only on the positive side; here it is clamped on
///   both, so a long leftward drag tilts no further than a long rightward one.
///
/// ```swift
/// let tilt = TiltStyle.sourceTangent.tilt(translation: Point(x: 100, y: 0), cardSize: .sourceContainer)
/// tilt.rotation   // tan(100 / 600) ≈ 0.1682
/// let koloda = TiltStyle.koloda().tilt(translation: Point(x: 150, y: 0), cardSize: .sourceContainer)
/// koloda.rotation   // π/10 · 0.5 ≈ 0.157
/// koloda.scale      // 0.9
/// ```
public enum TiltStyle: Hashable, Sendable {
    case sourceTangent
    case koloda(maxAngle: Double = .pi / 10, rotationMax: Double = 1, scaleMin: Double = 0.8)

    /// The rotation and scale for a drag by `translation` of a card of `cardSize` (the container
    /// for `sourceTangent`). `grabbedInUpperHalf` only matters for `koloda`.
    ///
    /// ```swift
    /// TiltStyle.koloda().tilt(translation: Point(x: 150, y: 0), cardSize: .sourceContainer,
    ///                         grabbedInUpperHalf: false).rotation   // ≈ −0.157
    /// ```
    public func tilt(translation: Point, cardSize: Size, grabbedInUpperHalf: Bool = true) -> (rotation: Double, scale: Double) {
        let width = cardSize.width
        guard width > 0, width.isFinite, translation.x.isFinite else { return (0, 1) }
        switch self {
        case .sourceTangent:
            let argument = min(max(translation.x / (2 * width), -Double.pi / 4), Double.pi / 4)
            return (tan(argument), 1)
        case let .koloda(maxAngle, rotationMax, scaleMin):
            let limit = abs(rotationMax)
            let strength = min(max(translation.x / width, -limit), limit)
            let sign: Double = grabbedInUpperHalf ? 1 : -1
            let scale = max(1 - (1 - scaleMin) * abs(strength), scaleMin)
            return (sign * maxAngle * strength, scale)
        }
    }
}
