/// Where a dragged card is and how far it has gone towards leaving: the value a client draws and
/// the server broadcasts while a drag is live.
///
/// - `center`: resting centre + translation (seed 000: containerCenter + translation).
/// - `rotation`, `scale`: from the configuration's `TiltStyle`.
/// - `transform`: the same as a `CardTransform` relative to the card's resting frame.
/// - `leadingDirection`: the allowed direction closest to the drag (nil at rest).
/// - `progress`: 0…1 towards that direction's swipe threshold (1 = releasing now swipes); drives
///   the LIKE / NOPE overlays' opacity (Koloda's `overlayView.update(progress:)`).
///
/// ```swift
/// let state = DragPhysics(configuration: .source)
///     .state(translation: Point(x: 125, y: 0), in: Rect(origin: .zero, size: .sourceContainer))
/// state.center                        // (275, 200)
/// state.leadingDirection              // .right
/// state.progress                      // 0.5 (half-way to x = 400)
/// state.progressByDirection(.left)    // 0
/// ```
public struct DragState: Hashable, Sendable {
    /// The drag translation (non-finite parts replaced by 0).
    public let translation: Point
    /// Resting centre + translation.
    public let center: Point
    /// Tilt in radians, clockwise positive.
    public let rotation: Double
    /// Uniform scale (Koloda shrinks the card while dragged).
    public let scale: Double
    /// The allowed direction closest to the drag; nil at rest.
    public let leadingDirection: SwipeDirection?
    /// Progress 0…1 towards the threshold in `leadingDirection`.
    public let progress: Double
    let directionalProgress: [SwipeDirection: Double]

    init(
        translation: Point, center: Point, rotation: Double, scale: Double,
        leadingDirection: SwipeDirection?, directionalProgress: [SwipeDirection: Double]
    ) {
        self.translation = translation
        self.center = center
        self.rotation = rotation
        self.scale = scale
        self.leadingDirection = leadingDirection
        self.directionalProgress = directionalProgress
        self.progress = leadingDirection.flatMap { directionalProgress[$0] } ?? 0
    }

    /// The drag as a transform relative to the card's resting frame.
    ///
    /// ```swift
    /// state.transform.translation == state.translation   // true
    /// ```
    public var transform: CardTransform {
        CardTransform(translation: translation, rotation: rotation, scale: scale)
    }

    /// Progress 0…1 towards the swipe threshold in `direction`, whether or not it leads (0 when
    /// the drag points away from it, or the threshold cannot swipe that way).
    ///
    /// ```swift
    /// state.progressByDirection(.right)   // 0.5
    /// ```
    public func progressByDirection(_ direction: SwipeDirection) -> Double {
        directionalProgress[direction] ?? 0
    }
}
