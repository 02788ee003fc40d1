/// One card animation as a value: what happens (`kind`), from which transform to which, along
/// which curve, for how long. Time is an input: `sample(at:)` takes the seconds elapsed since the
/// animation started, so the server can stamp a start time and every client samples the same
/// frames.
///
/// Transforms are relative to the card's resting frame (see `CardTransform`). Opacity is clamped
/// to 0…1 while sampling (a spring may overshoot every other part, but not alpha).
///
/// ```swift
/// let spec = StandardAnimations.snapBack(from: CardTransform(translation: Point(x: 80, y: 0)))
/// spec.sample(at: 0)      // the drag position
/// spec.sample(at: 0.1)    // half-way: translation (40, 0) (easeInOut is symmetric)
/// spec.sample(at: 0.2)    // .identity
/// spec.isFinished(at: 0.2)   // true
/// ```
public struct CardAnimationSpec: Hashable, Sendable, Codable {
    /// What the animation shows (fly-off, snap-back, reflow, …).
    public var kind: AnimationKind
    /// The transform at the start, relative to the resting frame.
    public var from: CardTransform
    /// The transform at the end, relative to the resting frame.
    public var to: CardTransform
    /// How progress runs over time.
    public var curve: AnimationCurve
    /// Seconds. For springs this is normally the settle time (`AnimationCurve.settleDuration`).
    public var duration: Double

    /// Creates an animation.
    ///
    /// ```swift
    /// let fade = CardAnimationSpec(kind: .flyOff, from: .identity, to: CardTransform(alpha: 0),
    ///                              curve: .linear, duration: 0.2)
    /// ```
    public init(kind: AnimationKind, from: CardTransform, to: CardTransform, curve: AnimationCurve, duration: Double) {
        self.kind = kind
        self.from = from
        self.to = to
        self.curve = curve
        self.duration = duration
    }

    /// The transform `elapsed` seconds after the start: exactly `from` at `elapsed ≤ 0`, exactly
    /// `to` at `elapsed ≥ duration`. An animation with no positive duration jumps to `to` as soon
    /// as `elapsed > 0`.
    ///
    /// ```swift
    /// let spec = StandardAnimations.snapBack(from: CardTransform(rotation: 0.2))
    /// spec.sample(at: -1) == spec.from   // true
    /// spec.sample(at: 5) == spec.to      // true
    /// ```
    public func sample(at elapsed: Double) -> CardTransform {
        guard duration > 0 else { return elapsed > 0 ? to : from }
        if !(elapsed > 0) { return from }   // also NaN
        if elapsed >= duration { return to }
        let fraction = elapsed / duration
        var value = from.interpolated(to: to, fraction: curve.progress(at: fraction, duration: duration))
        value.alpha = min(max(value.alpha, 0), 1)
        return value
    }

    /// Whether the animation is over at `elapsed` seconds (then `sample` returns `to`).
    ///
    /// ```swift
    /// StandardAnimations.snapBack(from: .identity).isFinished(at: 0.1)   // false
    /// ```
    public func isFinished(at elapsed: Double) -> Bool {
        guard duration > 0 else { return elapsed > 0 }
        return elapsed >= duration
    }
}
