#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Koloda's default geometric stack (`KolodaView.frameForCard(at:)`): each card behind the front
/// one is 95 % of the size of the one before, centred horizontally, and peeks out 4 points below
/// it.
///
/// With W × H the bounds, n = visibleCount, top margin m = 4, scale p = 0.95:
/// - topOffset = m · (n − 1)
/// - width(i) = W · pᶦ, x(i) = (W − width(i)) / 2
/// - height(i) = (H − topOffset) · pᶦ
/// - y(0) = 0; y(i) = y(i−1) + height(i−1) − height(i) + m
///
/// Background cards follow the front card's drag by default (Koloda's
/// `kolodaShouldMoveBackgroundCard` defaults to true).
///
/// ```swift
/// let layout = KolodaStackLayout()
/// let container = Rect(origin: .zero, size: .sourceContainer)
/// layout.frame(forCardAt: 0, visibleCount: 3, in: container)   // (0, 0, 300 × 392)
/// layout.frame(forCardAt: 1, visibleCount: 3, in: container)   // (7.5, 23.6, 285 × 372.4)
/// ```
public struct KolodaStackLayout: CardLayout, Hashable {
    /// Koloda's `defaultBackgroundCardsTopMargin` (4).
    public var backgroundCardsTopMargin: Double
    /// Koloda's `defaultBackgroundCardsScalePercent` (0.95).
    public var backgroundCardsScalePercent: Double
    /// Koloda's default `kolodaShouldMoveBackgroundCard` (true).
    public var movesBackgroundCards: Bool

    /// Creates the layout with Koloda's defaults.
    ///
    /// ```swift
    /// let flat = KolodaStackLayout(backgroundCardsScalePercent: 1)
    /// ```
    public init(backgroundCardsTopMargin: Double = 4, backgroundCardsScalePercent: Double = 0.95, movesBackgroundCards: Bool = true) {
        self.backgroundCardsTopMargin = backgroundCardsTopMargin
        self.backgroundCardsScalePercent = backgroundCardsScalePercent
        self.movesBackgroundCards = movesBackgroundCards
    }

    /// See `CardLayout.frame(forCardAt:visibleCount:in:)`.
    ///
    /// ```swift
    /// KolodaStackLayout().frame(forCardAt: 2, visibleCount: 3, in: container)   // (14.63, 46.22, 270.75 × 353.78)
    /// ```
    public func frame(forCardAt index: Int, visibleCount: Int, in bounds: Rect) -> Rect {
        guard index >= 0, index < visibleCount else { return .zero }
        let local = unclampedFrame(at: index, visibleCount: visibleCount, width: bounds.width, height: bounds.height)
        return Rect(x: bounds.minX + local.minX, y: bounds.minY + local.minY, width: local.width, height: local.height)
            .sanitized
    }

    /// Koloda's recursion y(i) = y(i−1) + height(i−1) − height(i) + m telescopes to
    /// y(i) = height(0) − height(i) + i · m, so any index costs the same.
    private func unclampedFrame(at index: Int, visibleCount: Int, width: Double, height: Double) -> Rect {
        let margin = backgroundCardsTopMargin
        let topOffset = margin * Double(visibleCount - 1)
        let factor = pow(backgroundCardsScalePercent, Double(index))
        let w = nonNegative(width) * factor
        let firstHeight = nonNegative(height - topOffset)
        let h = firstHeight * factor
        let y = index > 0 ? firstHeight - h + Double(index) * margin : 0
        return Rect(x: (width - w) / 2, y: y, width: w, height: h)
    }
}
