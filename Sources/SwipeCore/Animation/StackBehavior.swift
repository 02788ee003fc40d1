/// Koloda's delegate hooks as one configuration value: how the cards behind the front one move,
/// how see-through they are, and how a newly loaded card enters.
///
/// - `backgroundCardAnimation`: the curve cards use to reach their new slot after a swipe
///   (Koloda's `kolodaBackgroundCardAnimation`); nil means the default, POP's spring
///   (bounciness 4, speed 12).
/// - `shouldMoveBackgroundCard`: whether background cards follow the front card's drag
///   (`kolodaShouldMoveBackgroundCard`).
/// - `nextCardAlpha`: the opacity of every card behind the front one (Koloda's
///   `alphaValueSemiTransparent`, applied when `kolodaShouldTransparentizeNextCard`); nil keeps
///   them opaque.
/// - `reflowDuration`: seconds for a non-spring `backgroundCardAnimation` (0.2 in both sources).
/// - `newCardEntrance`: what the card loaded into the last slot does.
///
/// ```swift
/// var behavior = StackBehavior.kolodaBackground
/// behavior.resolvedBackgroundCurve   // .spring(bounciness: 9, speed: 16)
/// behavior.restingAlpha(forCardAt: 1)   // 0.1
/// behavior.backgroundCardAnimation = nil
/// behavior.resolvedBackgroundCurve   // .spring(bounciness: 4, speed: 12)
/// ```
public struct StackBehavior: Hashable, Sendable, Codable {
    /// How a card loaded into the last visible slot after a swipe enters.
    ///
    /// ```swift
    /// StackBehavior.source.newCardEntrance   // .inPlace
    /// ```
    public enum NewCardEntrance: String, Hashable, Sendable, Codable, CaseIterable {
        /// It is simply there (seed 000 inserts it at the bottom slot).
        case inPlace
        /// It fades in at its slot (alpha 0 → its resting alpha).
        case fadeIn
        /// It "collects itself from the background": scale 3.5 → 1 with a bounce (seed 001).
        case collectFromBackground
    }

    /// Koloda's `kolodaBackgroundCardAnimation`: nil → POP's default spring (4, 12).
    public var backgroundCardAnimation: AnimationCurve?
    /// Koloda's `kolodaShouldMoveBackgroundCard`.
    public var shouldMoveBackgroundCard: Bool
    /// Opacity of the cards behind the front one; nil = opaque.
    public var nextCardAlpha: Double?
    /// Seconds for a non-spring reflow (0.2 in both sources).
    public var reflowDuration: Double
    /// How a newly loaded card enters.
    public var newCardEntrance: NewCardEntrance

    /// Creates a behaviour; the defaults are Koloda's library defaults except that background
    /// cards stay opaque.
    ///
    /// ```swift
    /// let custom = StackBehavior(backgroundCardAnimation: .spring(bounciness: 12, speed: 8),
    ///                            shouldMoveBackgroundCard: false)
    /// ```
    public init(
        backgroundCardAnimation: AnimationCurve? = nil, shouldMoveBackgroundCard: Bool = true,
        nextCardAlpha: Double? = nil, reflowDuration: Double = 0.2, newCardEntrance: NewCardEntrance = .inPlace
    ) {
        self.backgroundCardAnimation = backgroundCardAnimation
        self.shouldMoveBackgroundCard = shouldMoveBackgroundCard
        self.nextCardAlpha = nextCardAlpha
        self.reflowDuration = reflowDuration
        self.newCardEntrance = newCardEntrance
    }

    /// Seed 000: `UIView.animate(withDuration: 0.2)` (easeInOut) to the new index frames,
    /// background cards still while dragging, all opaque, the new card placed at the bottom slot.
    ///
    /// ```swift
    /// StackBehavior.source.resolvedBackgroundCurve   // .easeInOut
    /// ```
    public static let source = StackBehavior(
        backgroundCardAnimation: .easeInOut, shouldMoveBackgroundCard: false, nextCardAlpha: nil,
        reflowDuration: 0.2, newCardEntrance: .inPlace)

    /// Koloda's library defaults: default spring, background cards follow the drag, next cards
    /// at alpha 0.7 (`defaultAlphaValueSemiTransparent`).
    ///
    /// ```swift
    /// StackBehavior.koloda.shouldMoveBackgroundCard   // true
    /// ```
    public static let koloda = StackBehavior(
        backgroundCardAnimation: nil, shouldMoveBackgroundCard: true, nextCardAlpha: 0.7,
        reflowDuration: 0.2, newCardEntrance: .inPlace)

    /// Koloda v2 (seed 001 and its example): spring 9 / 16, background card does not follow the
    /// drag, next card at alpha 0.1, new cards collect themselves from the background.
    ///
    /// ```swift
    /// StackBehavior.kolodaBackground.nextCardAlpha   // 0.1
    /// ```
    public static let kolodaBackground = StackBehavior(
        backgroundCardAnimation: .kolodaBackgroundSpring, shouldMoveBackgroundCard: false, nextCardAlpha: 0.1,
        reflowDuration: 0.2, newCardEntrance: .collectFromBackground)

    /// `backgroundCardAnimation`, or POP's default spring (4, 12) when it is nil.
    ///
    /// ```swift
    /// StackBehavior().resolvedBackgroundCurve == .popDefaultSpring   // true
    /// ```
    public var resolvedBackgroundCurve: AnimationCurve { backgroundCardAnimation ?? .popDefaultSpring }

    /// Seconds a card needs to reach its new slot: the spring's settle time, else `reflowDuration`.
    ///
    /// ```swift
    /// StackBehavior.source.resolvedReflowDuration   // 0.2
    /// ```
    public var resolvedReflowDuration: Double { resolvedBackgroundCurve.settleDuration(default: reflowDuration) }

    /// Opacity of the card resting at `index`: 1 for the front card, `nextCardAlpha` (clamped to
    /// 0…1) behind it when set.
    ///
    /// ```swift
    /// StackBehavior.koloda.restingAlpha(forCardAt: 0)   // 1
    /// StackBehavior.koloda.restingAlpha(forCardAt: 2)   // 0.7
    /// ```
    public func restingAlpha(forCardAt index: Int) -> Double {
        guard index > 0, let alpha = nextCardAlpha else { return 1 }
        return alpha > 0 ? min(alpha, 1) : 0
    }

    /// Opacity of the card at `index` while the front card is dragged with `dragProgress`
    /// (0…1): Koloda brings the next card (index 1) from `nextCardAlpha` towards opaque as the
    /// drag progresses, when background cards move; otherwise the resting alpha.
    ///
    /// ```swift
    /// StackBehavior.koloda.alpha(forCardAt: 1, dragProgress: 0.5)   // 0.85
    /// StackBehavior.kolodaBackground.alpha(forCardAt: 1, dragProgress: 0.5)   // 0.1
    /// ```
    public func alpha(forCardAt index: Int, dragProgress: Double) -> Double {
        let resting = restingAlpha(forCardAt: index)
        guard shouldMoveBackgroundCard, index == 1 else { return resting }
        let fraction = dragProgress > 0 ? min(dragProgress, 1) : 0
        return resting + (1 - resting) * fraction
    }
}
