/// The drag-and-release rules as pure functions: where a dragged card is drawn, and whether a
/// release swipes it. The client predicts with these while the mouse moves; the server decides
/// with the same functions.
///
/// `bounds` is the dragged card's resting frame. For seed 000 that is the container (card 0 of
/// `StackedInsetsLayout` fills it), so the `.source` numbers come out exactly.
///
/// Direction: the drag is normalised so the card's edges are at ±1 (x ÷ (W/2), y ÷ (H/2)); the
/// leading direction is the allowed one whose Koloda vector ((±1, 0), (0, ±1), (±1, ±1)) makes
/// the smallest angle with it (ties go to the earlier case of `SwipeDirection`); a drag at a
/// right angle or more to every allowed direction leads nowhere.
///
/// Release (`decision`): (1) a flick: the release velocity's component along its closest allowed
/// direction's unit vector is at least `velocityThreshold` → swipe that way (the final gesture
/// wins, even against the drag); (2) the distance threshold (`SwipeThreshold`) is met in the
/// leading direction → swipe; (3) otherwise snap back.
///
/// ```swift
/// let physics = DragPhysics(configuration: .source)
/// let container = Rect(origin: .zero, size: .sourceContainer)
/// physics.state(translation: Point(x: 100, y: 0), in: container).rotation   // tan(100/600)
/// physics.decision(translation: Point(x: -216, y: 0), velocity: .zero, in: container)   // .swipe(.left)
/// physics.decision(translation: Point(x: 200, y: 0), velocity: .zero, in: container)    // .snapBack
/// ```
public struct DragPhysics: Hashable, Sendable {
    /// The tuning these rules apply.
    public var configuration: DragConfiguration

    /// Creates the rules for a configuration.
    ///
    /// ```swift
    /// let koloda = DragPhysics(configuration: .default)
    /// ```
    public init(configuration: DragConfiguration = .default) {
        self.configuration = configuration
    }

    /// The card's state while dragged by `translation` (non-finite parts count as 0).
    /// `grabPoint` (in the card's own coordinates) only matters for `TiltStyle.koloda`: a card
    /// grabbed in its lower half tilts the other way; nil means the upper half.
    ///
    /// ```swift
    /// DragPhysics().state(translation: Point(x: 75, y: 0), in: container).progress   // 0.5
    /// ```
    public func state(translation: Point, in bounds: Rect, grabPoint: Point? = nil) -> DragState {
        let translation = Self.finite(translation)
        let bounds = bounds.sanitized
        let upper = grabPoint.map { !($0.y >= bounds.height / 2) } ?? true
        let tilt = configuration.tilt.tilt(translation: translation, cardSize: bounds.size, grabbedInUpperHalf: upper)
        var progress = [SwipeDirection: Double](minimumCapacity: SwipeDirection.allCases.count)   // no regrowth per drag
        for direction in SwipeDirection.allCases {
            progress[direction] = directionalProgress(direction, translation: translation, in: bounds)
        }
        return DragState(
            translation: translation, center: bounds.center + translation,
            rotation: tilt.rotation, scale: tilt.scale,
            leadingDirection: leadingDirection(for: translation, in: bounds), directionalProgress: progress)
    }

    /// What a release with this `translation` and `velocity` (points per second) does. Only
    /// ever returns an allowed direction.
    ///
    /// ```swift
    /// DragPhysics().decision(translation: Point(x: 20, y: 0), velocity: Point(x: 1500, y: 0),
    ///                        in: container)   // .swipe(.right): a flick
    /// ```
    public func decision(translation: Point, velocity: Point, in bounds: Rect) -> SwipeDecision {
        let translation = Self.finite(translation)
        let velocity = Self.finite(velocity)
        let bounds = bounds.sanitized
        if let flick = flickDirection(velocity: velocity, in: bounds) { return .swipe(flick) }
        switch configuration.threshold {
        case let .ratio(margin):
            guard let leading = leadingDirection(for: translation, in: bounds) else { return .snapBack }
            let reach = Self.projection(Self.normalized(translation, in: bounds.size), on: leading)
            return reach >= margin && reach > 0 ? .swipe(leading) : .snapBack
        case let .absoluteCenterX(right, left):
            let x = bounds.center.x + translation.x
            if x > right, configuration.allowedDirections.contains(.right) { return .swipe(.right) }
            if x < left, configuration.allowedDirections.contains(.left) { return .swipe(.left) }
            return .snapBack
        }
    }
}
