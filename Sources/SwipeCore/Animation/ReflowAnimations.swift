/// The animations that follow a swipe, as a pure function of the layout and the counts.
///
/// The swiped card has left slot 0. Every remaining card moves from slot `i + 1` (laid out for
/// `visibleCountBefore` cards) to slot `i` (laid out for `visibleCountAfter` cards); cards loaded
/// to fill the stack enter at the slots from `visibleCountBefore − 1` to `visibleCountAfter − 1`
/// (seed 000: "add card (count − remaining) at the bottom slot (index 2); animate every visible
/// card to its new index frame in 0.2 s"). The result has one spec per visible card after the
/// swipe, in slot order (element `i` animates the card now at slot `i`).
///
/// - Remaining cards: with `behavior.resolvedBackgroundCurve`, from the old frame and old resting
///   alpha to identity at the new resting alpha; kind `.reflow` for a time curve (with
///   `StackBehavior.source`: the seed's 0.2 s easeInOut) or `.backgroundArrival` for a spring
///   (Koloda: the background card arrives with a bounce, becoming opaque).
/// - Entering cards, by `behavior.newCardEntrance`: `.inPlace` → a `.reflow` that holds still,
///   `.fadeIn` → `.backgroundArrival` from alpha 0, `.collectFromBackground` →
///   `StandardAnimations.appear()`.
///
/// ```swift
/// let specs = reflowAnimations(layout: StackedInsetsLayout(), visibleCountBefore: 3, visibleCountAfter: 3,
///                              in: Rect(origin: .zero, size: .sourceContainer))
/// specs[0].from.translation   // (0, 10): card 1 moves up into slot 0
/// specs[2].from == specs[2].to   // the new bottom card is placed at slot 2
/// ```
public func reflowAnimations(
    layout: any CardLayout, visibleCountBefore: Int, visibleCountAfter: Int, in bounds: Rect,
    behavior: StackBehavior = .source
) -> [CardAnimationSpec] {
    guard visibleCountAfter > 0 else { return [] }
    let remaining = max(0, min(visibleCountBefore - 1, visibleCountAfter))
    let curve = behavior.resolvedBackgroundCurve
    let duration = behavior.resolvedReflowDuration
    var specs: [CardAnimationSpec] = []
    specs.reserveCapacity(visibleCountAfter)
    for slot in 0..<visibleCountAfter {
        let restingAlpha = behavior.restingAlpha(forCardAt: slot)
        let resting = CardTransform(alpha: restingAlpha)
        if slot < remaining {
            let oldFrame = layout.frame(forCardAt: slot + 1, visibleCount: visibleCountBefore, in: bounds)
            let newFrame = layout.frame(forCardAt: slot, visibleCount: visibleCountAfter, in: bounds)
            var from = CardTransform(placing: oldFrame, relativeTo: newFrame)
            from.alpha = behavior.restingAlpha(forCardAt: slot + 1)
            let kind: AnimationKind = curve.isSpring ? .backgroundArrival : .reflow
            specs.append(CardAnimationSpec(kind: kind, from: from, to: resting, curve: curve, duration: duration))
            continue
        }
        switch behavior.newCardEntrance {
        case .inPlace:
            specs.append(CardAnimationSpec(kind: .reflow, from: resting, to: resting, curve: curve, duration: duration))
        case .fadeIn:
            var from = resting
            from.alpha = 0
            specs.append(CardAnimationSpec(kind: .backgroundArrival, from: from, to: resting, curve: curve, duration: duration))
        case .collectFromBackground:
            var spec = StandardAnimations.appear()
            spec.to.alpha = restingAlpha
            specs.append(spec)
        }
    }
    return specs
}
