/// When a released card counts as swiped (before velocity is considered).
///
/// - `ratio(m)` (Koloda's `swipePercentageMargin`): the drag, normalised so the card's edges are
///   at ±1 (x ÷ (W/2), y ÷ (H/2)), is projected on the leading direction's Koloda vector
///   ((±1, 0), (0, ±1) or (±1, ±1)); the card swipes when that projection reaches `m`. Koloda's
///   default margin is 1.0: the card's centre dragged to its own edge (150 points sideways on a
///   300-point card). Margins above 1 are allowed (Koloda caps the projection at 1, so there they
///   would never swipe).
/// - `absoluteCenterX(right:left:)` (seed 000): the card's centre (container centre +
///   translation) beyond `right` swipes right, below `left` swipes left; only left and right.
///
/// ```swift
/// SwipeThreshold.koloda                      // .ratio(1)
/// SwipeThreshold.source                      // .absoluteCenterX(right: 400, left: -65)
/// ```
public enum SwipeThreshold: Hashable, Sendable {
    case ratio(Double)
    case absoluteCenterX(right: Double, left: Double)

    /// Koloda's default: `.ratio(1)`.
    ///
    /// ```swift
    /// SwipeThreshold.koloda == .ratio(1)   // true
    /// ```
    public static let koloda = SwipeThreshold.ratio(1)

    /// Seed 000's rule: centre.x > 400 → right, centre.x < −65 → left.
    ///
    /// ```swift
    /// SwipeThreshold.source == .absoluteCenterX(right: 400, left: -65)   // true
    /// ```
    public static let source = SwipeThreshold.absoluteCenterX(right: 400, left: -65)
}
