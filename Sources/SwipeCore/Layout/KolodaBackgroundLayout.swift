/// Koloda v2's layout (seed 001, `CustomKolodaView.frameForCard(at:)`): the front card is inset
/// and has a fixed aspect ratio; the one card behind it is stretched across the background.
///
/// - index 0: x = 10, y = 20, w = W − 2·10, h = w · 1.25
/// - index 1: x = −0.25 · W, y = 0, w = 1.5 · W, h = w · 1.25
/// - any other index: hidden (`Rect.zero`)
///
/// (x and y are relative to the bounds' origin.) Background cards do not follow the drag by
/// default (`shouldMoveBackgroundCard = false` in the v2 example).
///
/// ```swift
/// let layout = KolodaBackgroundLayout()
/// let container = Rect(origin: .zero, size: .sourceContainer)
/// layout.frame(forCardAt: 0, visibleCount: 2, in: container)   // (10, 20, 280 × 350)
/// layout.frame(forCardAt: 1, visibleCount: 2, in: container)   // (−75, 0, 450 × 562.5)
/// ```
public struct KolodaBackgroundLayout: CardLayout, Hashable {
    /// Front card's inset from the left and right edges (Koloda's `defaultHorizontalOffset`).
    public var horizontalOffset: Double
    /// Front card's distance from the top (`defaultTopOffset`).
    public var topOffset: Double
    /// Height ÷ width of both cards (`defaultHeightRatio`).
    public var heightRatio: Double
    /// The background card's x is `−W · this` (`backgroundCardHorizontalMarginMultiplier`).
    public var backgroundHorizontalMarginMultiplier: Double
    /// The background card's width is `W · this` (`backgroundCardScalePercent`).
    public var backgroundScale: Double
    /// Whether the background card follows the drag (Koloda v2: false).
    public var movesBackgroundCards: Bool

    /// Creates the layout with Koloda v2's numbers as defaults.
    ///
    /// ```swift
    /// let layout = KolodaBackgroundLayout(movesBackgroundCards: true)
    /// ```
    public init(
        horizontalOffset: Double = 10, topOffset: Double = 20, heightRatio: Double = 1.25,
        backgroundHorizontalMarginMultiplier: Double = 0.25, backgroundScale: Double = 1.5,
        movesBackgroundCards: Bool = false
    ) {
        self.horizontalOffset = horizontalOffset
        self.topOffset = topOffset
        self.heightRatio = heightRatio
        self.backgroundHorizontalMarginMultiplier = backgroundHorizontalMarginMultiplier
        self.backgroundScale = backgroundScale
        self.movesBackgroundCards = movesBackgroundCards
    }

    /// See `CardLayout.frame(forCardAt:visibleCount:in:)`.
    ///
    /// ```swift
    /// KolodaBackgroundLayout().frame(forCardAt: 2, visibleCount: 3, in: container)   // Rect.zero
    /// ```
    public func frame(forCardAt index: Int, visibleCount: Int, in bounds: Rect) -> Rect {
        guard index >= 0, index < visibleCount else { return .zero }
        let width = bounds.width
        switch index {
        case 0:
            let w = nonNegative(width - 2 * horizontalOffset)
            return Rect(x: bounds.minX + horizontalOffset, y: bounds.minY + topOffset, width: w, height: w * heightRatio)
                .sanitized
        case 1:
            let w = nonNegative(width * backgroundScale)
            return Rect(
                x: bounds.minX - width * backgroundHorizontalMarginMultiplier, y: bounds.minY,
                width: w, height: w * heightRatio
            ).sanitized
        default:
            return .zero
        }
    }
}
