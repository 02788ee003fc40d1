/// The layouts a room can pick, by name (the wire and config files use the raw value).
///
/// ```swift
/// let style = LayoutStyle(rawValue: "kolodaBackground") ?? .stackedInsets
/// let frame = style.layout.frame(forCardAt: 0, visibleCount: style.defaultVisibleCount,
///                                in: Rect(origin: .zero, size: .sourceContainer))
/// style.behavior.shouldMoveBackgroundCard   // false
/// ```
public enum LayoutStyle: String, CaseIterable, Codable, Hashable, Sendable {
    /// Seed 000's inset stack (`StackedInsetsLayout`).
    case stackedInsets
    /// Seed 001's Koloda v2 background card (`KolodaBackgroundLayout`).
    case kolodaBackground
    /// Koloda's default scaled stack (`KolodaStackLayout`).
    case kolodaStack

    /// The layout with its default parameters.
    ///
    /// ```swift
    /// LayoutStyle.kolodaStack.layout.movesBackgroundCards   // true
    /// ```
    public var layout: any CardLayout {
        switch self {
        case .stackedInsets: return StackedInsetsLayout()
        case .kolodaBackground: return KolodaBackgroundLayout()
        case .kolodaStack: return KolodaStackLayout()
        }
    }

    /// How many cards the source shows: 3 for the tutorial (`cardsToBeVisible`) and Koloda
    /// (`defaultCountOfVisibleCards`), 2 for the Koloda v2 example (`kolodaCountOfVisibleCards`).
    ///
    /// ```swift
    /// LayoutStyle.kolodaBackground.defaultVisibleCount   // 2
    /// ```
    public var defaultVisibleCount: Int {
        switch self {
        case .stackedInsets: return 3
        case .kolodaBackground: return 2
        case .kolodaStack: return 3
        }
    }

    /// The stack behaviour that goes with the layout in its source (see `StackBehavior`).
    ///
    /// ```swift
    /// LayoutStyle.stackedInsets.behavior == .source   // true
    /// ```
    public var behavior: StackBehavior {
        switch self {
        case .stackedInsets: return .source
        case .kolodaBackground: return .kolodaBackground
        case .kolodaStack: return .koloda
        }
    }
}
