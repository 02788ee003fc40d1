/// Everything that tunes how a dragged card moves and when it is swiped.
///
/// - `tilt`: see `TiltStyle`.
/// - `threshold`: see `SwipeThreshold`.
/// - `velocityThreshold`: points per second; a release moving at least this fast along an
///   allowed direction swipes that way even under the distance threshold (a flick). `.infinity`
///   turns flicks off. Neither source has flicks; 800 pt/s for `.default` is our choice.
/// - `allowedDirections`: directions a card may leave in; decisions never return another.
///
/// ```swift
/// var config = DragConfiguration.default
/// config.allowedDirections = [.left, .right]
/// let physics = DragPhysics(configuration: config)
/// ```
public struct DragConfiguration: Hashable, Sendable {
    /// How the card tilts and shrinks while dragged.
    public var tilt: TiltStyle
    /// The distance rule for a swipe on release.
    public var threshold: SwipeThreshold
    /// Flick speed in points per second (`.infinity`: no flicks).
    public var velocityThreshold: Double
    /// Directions a card may leave in.
    public var allowedDirections: Set<SwipeDirection>

    /// Creates a configuration; the defaults are Koloda-like (`.default`).
    ///
    /// ```swift
    /// let fourWay = DragConfiguration(allowedDirections: [.left, .right, .up, .down])
    /// ```
    public init(
        tilt: TiltStyle = .koloda(), threshold: SwipeThreshold = .koloda, velocityThreshold: Double = 800,
        allowedDirections: Set<SwipeDirection> = SwipeDirection.defaultAllowed
    ) {
        self.tilt = tilt
        self.threshold = threshold
        self.velocityThreshold = velocityThreshold
        self.allowedDirections = allowedDirections
    }

    /// Seed 000: tangent tilt, swipe when the centre passes x = 400 or x = −65, left and right
    /// only, no flicks.
    ///
    /// ```swift
    /// DragConfiguration.source.allowedDirections   // [.left, .right]
    /// ```
    public static let source = DragConfiguration(
        tilt: .sourceTangent, threshold: .source, velocityThreshold: .infinity, allowedDirections: [.left, .right])

    /// Koloda-like: bounded tilt with shrink, ratio margin 1, flicks at 800 pt/s, left / right /
    /// up (`SwipeDirection.defaultAllowed`).
    ///
    /// ```swift
    /// DragConfiguration.default.threshold   // .ratio(1)
    /// ```
    public static let `default` = DragConfiguration()
}
