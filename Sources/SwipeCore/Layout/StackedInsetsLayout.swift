/// The tutorial's stack (seed 000, `addCardFrame(index:cardView:)`): every card starts as the
/// container's bounds, then moves right by `index · horizontalInset`, down by
/// `index · verticalInset`, and loses `2 · index · horizontalInset` of width (height unchanged).
///
/// The tutorial's text does not state the inset values; its published code uses 10 and 10
/// (Phill Farrugia's original uses 12), so the defaults are 10 / 10. Cards beyond
/// `visibleCount` (the tutorial's `cardsToBeVisible = 3`) are hidden. Background cards do not
/// follow the drag (the tutorial only moves them after a swipe).
///
/// ```swift
/// let layout = StackedInsetsLayout()
/// let container = Rect(origin: .zero, size: .sourceContainer)
/// layout.frame(forCardAt: 0, visibleCount: 3, in: container)   // (0, 0, 300 × 400)
/// layout.frame(forCardAt: 2, visibleCount: 3, in: container)   // (20, 20, 260 × 400)
/// ```
public struct StackedInsetsLayout: CardLayout, Hashable {
    /// Points each deeper card moves right (and loses on each side).
    public var horizontalInset: Double
    /// Points each deeper card moves down.
    public var verticalInset: Double
    /// False: the tutorial's background cards stay put during a drag.
    public var movesBackgroundCards: Bool

    /// Creates the layout; defaults are the tutorial code's 10 / 10.
    ///
    /// ```swift
    /// let tight = StackedInsetsLayout(horizontalInset: 4, verticalInset: 6)
    /// ```
    public init(horizontalInset: Double = 10, verticalInset: Double = 10, movesBackgroundCards: Bool = false) {
        self.horizontalInset = horizontalInset
        self.verticalInset = verticalInset
        self.movesBackgroundCards = movesBackgroundCards
    }

    /// See `CardLayout.frame(forCardAt:visibleCount:in:)`.
    ///
    /// ```swift
    /// StackedInsetsLayout().frame(forCardAt: 1, visibleCount: 3, in: container)   // (10, 10, 280 × 400)
    /// ```
    public func frame(forCardAt index: Int, visibleCount: Int, in bounds: Rect) -> Rect {
        guard index >= 0, index < visibleCount else { return .zero }
        let i = Double(index)
        let h = i * horizontalInset
        let v = i * verticalInset
        return Rect(
            x: bounds.minX + h, y: bounds.minY + v,
            width: bounds.width - 2 * h, height: bounds.height
        ).sanitized
    }
}
