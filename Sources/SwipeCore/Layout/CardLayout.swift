/// Where each visible card rests: a pure function of (index, visible count, bounds).
///
/// Index 0 is the front (top) card, higher indices lie behind it. `Rect.zero` means the card is
/// hidden. Frames never have negative sizes, whatever the bounds (zero, negative, tiny or NaN
/// sizes give zero-sized frames). `movesBackgroundCards` says whether the cards behind follow the
/// front card while it is dragged (Koloda's `kolodaShouldMoveBackgroundCard`); see
/// `backgroundTransform(forCardAt:visibleCount:in:dragProgress:)`.
///
/// ```swift
/// let layout: any CardLayout = StackedInsetsLayout()
/// let container = Rect(origin: .zero, size: .sourceContainer)
/// layout.frame(forCardAt: 1, visibleCount: 3, in: container)   // (10, 10, 280 × 400)
/// layout.frame(forCardAt: 3, visibleCount: 3, in: container)   // Rect.zero: not visible
/// ```
public protocol CardLayout: Sendable {
    /// The resting frame of the card at `index` (0 = front) when `visibleCount` cards are shown
    /// in `bounds`; `Rect.zero` when the card is hidden.
    ///
    /// ```swift
    /// KolodaBackgroundLayout().frame(forCardAt: 0, visibleCount: 2, in: container)   // (10, 20, 280 × 350)
    /// ```
    func frame(forCardAt index: Int, visibleCount: Int, in bounds: Rect) -> Rect

    /// Whether background cards move towards the next slot while the front card is dragged.
    ///
    /// ```swift
    /// KolodaStackLayout().movesBackgroundCards   // true (Koloda's default)
    /// ```
    var movesBackgroundCards: Bool { get }
}

/// A size component that is never negative (NaN becomes 0).
@inline(__always)
func nonNegative(_ value: Double) -> Double {
    value > 0 ? value : 0
}

/// A finite number or 0.
@inline(__always)
func finiteOrZero(_ value: Double) -> Double {
    value.isFinite ? value : 0
}

extension Rect {
    /// The rectangle with NaN/infinite parts replaced by 0 and negative sizes clamped to 0.
    ///
    /// ```swift
    /// Rect(x: 5, y: 5, width: -10, height: 20).sanitized   // (5, 5, 0 × 20)
    /// ```
    public var sanitized: Rect {
        Rect(
            x: finiteOrZero(origin.x), y: finiteOrZero(origin.y),
            width: nonNegative(finiteOrZero(size.width)), height: nonNegative(finiteOrZero(size.height)))
    }
}
