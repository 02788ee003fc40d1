/// The source documents' animations as values, with the sources' numbers as defaults.
///
/// All transforms are relative to the card's resting frame (for a reflow: its *new* slot).
/// Time-based ones use `.easeInOut`, the curve `UIView.animate(withDuration:)` uses by default.
///
/// ```swift
/// let drag = CardTransform(translation: Point(x: 260, y: 10), rotation: 0.43)
/// let off = StandardAnimations.flyOff(from: drag, direction: .right)
/// off.to.translation   // (460, 85): + (200, 75)
/// off.to.alpha         // 0
/// off.duration         // 0.2
/// ```
public enum StandardAnimations {
    /// Seed 000's fly-off distance: 200 points sideways.
    public static let flyOffDistance = 200.0
    /// Seed 000's fly-off drop: 75 points down for a sideways swipe.
    public static let flyOffDrop = 75.0
    /// Seed 000's duration for fly-off, snap-back and reflow.
    public static let sourceDuration = 0.2
    /// Seed 001's appear start scale ("from 3.5x, when a card is still on the background").
    public static let appearStartScale = 3.5
    /// Koloda's undo duration (`applyReverseAnimation`: 0.3 s).
    public static let revertDuration = 0.3

    /// How far past its drag position a card flies in `direction`: 200 points along the
    /// direction's unit vector, plus the source's 75-point drop for the two sideways directions.
    /// Left and right give the source's exact (∓200, +75); up, down and the diagonals fly
    /// 200 points straight along their direction (a drop would fight an upward swipe).
    ///
    /// ```swift
    /// StandardAnimations.flyOffOffset(.left)   // (−200, 75)
    /// StandardAnimations.flyOffOffset(.up)     // (0, −200)
    /// ```
    public static func flyOffOffset(_ direction: SwipeDirection) -> Point {
        let along = direction.unitVector * flyOffDistance
        switch direction {
        case .left, .right: return along + Point(x: 0, y: flyOffDrop)
        case .up, .down, .upLeft, .upRight, .downLeft, .downRight: return along
        }
    }

    /// The swiped card leaves (seed 000): from where it was dragged (`from`, keeping its tilt and
    /// scale) to `from.translation + flyOffOffset(direction)`, alpha → 0, in 0.2 s.
    ///
    /// ```swift
    /// StandardAnimations.flyOff(from: .identity, direction: .left).to.translation   // (−200, 75)
    /// ```
    public static func flyOff(from: CardTransform, direction: SwipeDirection, duration: Double = 0.2) -> CardAnimationSpec {
        var end = from
        end.translation = from.translation + flyOffOffset(direction)
        end.alpha = 0
        return CardAnimationSpec(kind: .flyOff, from: from, to: end, curve: .easeInOut, duration: duration)
    }

    /// A released card that did not pass the threshold returns to its slot (seed 000): identity
    /// transform, 0.2 s.
    ///
    /// ```swift
    /// StandardAnimations.snapBack(from: CardTransform(translation: Point(x: 90, y: 0))).to   // .identity
    /// ```
    public static func snapBack(from: CardTransform, duration: Double = 0.2) -> CardAnimationSpec {
        CardAnimationSpec(kind: .snapBack, from: from, to: .identity, curve: .easeInOut, duration: duration)
    }

    /// A remaining card moves from its old slot to its new one after a swipe (seed 000, 0.2 s).
    /// Relative to the new slot: from.translation = old centre − new centre, from.scale = old
    /// width ÷ new width; to = identity.
    ///
    /// ```swift
    /// let spec = StandardAnimations.reflow(fromFrame: Rect(x: 10, y: 10, width: 280, height: 400),
    ///                                      toFrame: Rect(x: 0, y: 0, width: 300, height: 400))
    /// spec.from.translation   // (0, 10)
    /// spec.from.scale         // 0.933…
    /// ```
    public static func reflow(
        fromFrame: Rect, toFrame: Rect, curve: AnimationCurve = .easeInOut, duration: Double = 0.2
    ) -> CardAnimationSpec {
        CardAnimationSpec(
            kind: .reflow, from: CardTransform(placing: fromFrame, relativeTo: toFrame), to: .identity,
            curve: curve, duration: curve.settleDuration(default: duration))
    }

    /// A new card "collects itself from the background" (seed 001): scale 3.5 → 1 with a bounce
    /// (by default Koloda v2's spring, bounciness 9 / speed 16), fading in from alpha 0; the
    /// duration is the spring's settle time.
    ///
    /// ```swift
    /// let spec = StandardAnimations.appear()
    /// spec.from.scale   // 3.5
    /// spec.to.scale     // 1
    /// ```
    public static func appear(
        fromScale: Double = 3.5, curve: AnimationCurve = .kolodaBackgroundSpring, duration: Double = 0.8
    ) -> CardAnimationSpec {
        CardAnimationSpec(
            kind: .appear, from: CardTransform(scale: fromScale, alpha: 0), to: .identity,
            curve: curve, duration: curve.settleDuration(default: duration))
    }

    /// Koloda v2's background card arrives at its new slot (seed 001): a spring (bounciness 9,
    /// speed 16) from its old frame, fading in from alpha 0 to 1.
    ///
    /// ```swift
    /// let spec = StandardAnimations.backgroundArrival(
    ///     fromFrame: Rect(x: -75, y: 0, width: 450, height: 562.5),
    ///     toFrame: Rect(x: 10, y: 20, width: 280, height: 350))
    /// spec.curve        // .spring(bounciness: 9, speed: 16)
    /// spec.from.alpha   // 0
    /// ```
    public static func backgroundArrival(
        fromFrame: Rect, toFrame: Rect, curve: AnimationCurve = .kolodaBackgroundSpring, duration: Double = 0.2
    ) -> CardAnimationSpec {
        var from = CardTransform(placing: fromFrame, relativeTo: toFrame)
        from.alpha = 0
        return CardAnimationSpec(
            kind: .backgroundArrival, from: from, to: .identity,
            curve: curve, duration: curve.settleDuration(default: duration))
    }

    /// Undo (Koloda's `revertAction`): the card comes back from where a fly-off in `direction`
    /// from rest ends (`flyOffOffset(direction)`, alpha 0) to identity, in Koloda's 0.3 s.
    ///
    /// ```swift
    /// StandardAnimations.revert(direction: .right).from.translation   // (200, 75)
    /// ```
    public static func revert(direction: SwipeDirection, duration: Double = 0.3) -> CardAnimationSpec {
        let from = CardTransform(translation: flyOffOffset(direction), alpha: 0)
        return CardAnimationSpec(kind: .revert, from: from, to: .identity, curve: .easeInOut, duration: duration)
    }
}
