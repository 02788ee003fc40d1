/// What happens to a released card.
///
/// ```swift
/// let decision = DragPhysics(configuration: .source)
///     .decision(translation: Point(x: 260, y: 0), velocity: .zero, in: Rect(origin: .zero, size: .sourceContainer))
/// decision == .swipe(.right)   // true: centre.x = 410 > 400
/// ```
public enum SwipeDecision: Hashable, Sendable {
    /// The card leaves in this (allowed) direction.
    case swipe(SwipeDirection)
    /// The card returns to its slot.
    case snapBack

    /// The direction, when the card is swiped.
    ///
    /// ```swift
    /// SwipeDecision.swipe(.left).direction   // .left
    /// SwipeDecision.snapBack.direction       // nil
    /// ```
    public var direction: SwipeDirection? {
        switch self {
        case let .swipe(direction): return direction
        case .snapBack: return nil
        }
    }
}
