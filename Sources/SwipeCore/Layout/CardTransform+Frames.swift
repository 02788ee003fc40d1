/// Converting between frames and transforms relative to a resting frame.
///
/// A `CardTransform` is relative to a card's resting frame: translation moves its centre, scale
/// scales it about its centre (uniformly, by width), rotation turns it about its centre.
///
/// ```swift
/// let old = Rect(x: 10, y: 10, width: 280, height: 400)
/// let new = Rect(x: 0, y: 0, width: 300, height: 400)
/// let t = CardTransform(placing: old, relativeTo: new)   // translation (0, 10), scale 280/300
/// new.applying(t).center == old.center                    // true
/// ```
extension CardTransform {
    /// The transform that draws a card resting at `resting` where `frame` is: translation =
    /// frame.center − resting.center, scale = frame.width / resting.width (1 when the resting
    /// frame has no width), no rotation, opaque.
    ///
    /// ```swift
    /// CardTransform(placing: Rect(x: 0, y: 0, width: 150, height: 200),
    ///               relativeTo: Rect(x: 0, y: 0, width: 300, height: 400)).scale   // 0.5
    /// ```
    public init(placing frame: Rect, relativeTo resting: Rect) {
        let frame = frame.sanitized
        let resting = resting.sanitized
        let scale = resting.width > 0 ? frame.width / resting.width : 1
        self.init(translation: frame.center - resting.center, scale: scale)
    }
}

extension Rect {
    /// The axis-aligned frame of a card resting here once `transform` is applied: scaled about
    /// its centre, then moved by the translation. Rotation and alpha do not change the frame.
    ///
    /// ```swift
    /// Rect(x: 0, y: 0, width: 300, height: 400)
    ///     .applying(CardTransform(translation: Point(x: 50, y: 0), scale: 0.5))   // (125, 100, 150 × 200)
    /// ```
    public func applying(_ transform: CardTransform) -> Rect {
        let scale = nonNegative(transform.scale)
        let size = Size(width: width * scale, height: height * scale)
        return Rect(origin: .zero, size: size).centered(at: center + transform.translation)
    }
}

/// The frame of the card being dragged: its resting frame moved by the drag's translation and
/// scaled by the drag's shrink (rotation is not part of an axis-aligned frame).
///
/// ```swift
/// let physics = DragPhysics(configuration: .source)
/// let container = Rect(origin: .zero, size: .sourceContainer)
/// let state = physics.state(translation: Point(x: 100, y: 20), in: container)
/// dragFrame(restingFrame: container, state: state)   // (100, 20, 300 × 400)
/// ```
public func dragFrame(restingFrame: Rect, state: DragState) -> Rect {
    restingFrame.applying(state.transform)
}

extension CardLayout {
    /// Where the background card at `index` is drawn while the front card is dragged with
    /// `dragProgress` (0…1, clamped): when the layout moves background cards (Koloda's
    /// `moveOtherCardsWithPercentage`), its frame is interpolated from its own slot towards slot
    /// `index − 1`, returned as a transform relative to its resting frame. Identity when the
    /// layout does not move background cards, for the front card, and for hidden cards.
    ///
    /// ```swift
    /// let layout = KolodaStackLayout()
    /// let t = layout.backgroundTransform(forCardAt: 1, visibleCount: 3,
    ///                                    in: Rect(origin: .zero, size: .sourceContainer), dragProgress: 1)
    /// // t places card 1 exactly on slot 0
    /// StackedInsetsLayout().backgroundTransform(forCardAt: 1, visibleCount: 3, in: container,
    ///                                           dragProgress: 1) == .identity   // true
    /// ```
    public func backgroundTransform(forCardAt index: Int, visibleCount: Int, in bounds: Rect, dragProgress: Double) -> CardTransform {
        guard movesBackgroundCards, index > 0, index < visibleCount else { return .identity }
        let resting = frame(forCardAt: index, visibleCount: visibleCount, in: bounds)
        let next = frame(forCardAt: index - 1, visibleCount: visibleCount, in: bounds)
        guard !resting.isEmpty, !next.isEmpty else { return .identity }
        let fraction = dragProgress > 0 ? min(dragProgress, 1) : 0
        let target = CardTransform(placing: next, relativeTo: resting)
        return CardTransform.identity.interpolated(to: target, fraction: fraction)
    }
}
