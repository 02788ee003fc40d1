import Foundation
import SwipeCore

/// The card-stack geometry and drag rules the client predicts locally, in layout points
/// (container 300 × 400). A bridge over SwipeCore's layouts, DragPhysics and StandardAnimations:
/// the client calls only these, so switching to the shared implementation touches one file.
///
/// ```swift
/// StackMotion.frame(forCardAt: 1, visibleCount: 3)        // (10, 24, 280 × 352)
/// StackMotion.drag(translation: Point(x: 125, y: 0)).progress   // 0.5
/// StackMotion.decision(translation: Point(x: 260, y: 0), velocity: .zero)   // .right
/// ```
public enum StackMotion {
    /// The container every layout is computed in.
    public static let container = Rect(origin: .zero, size: .sourceContainer)
    static let horizontalInset = 10.0
    static let verticalInset = 24.0
    /// Seed 000's release thresholds: centre.x > 400 → right, centre.x < −65 → left.
    static let rightThreshold = 250.0
    static let leftThreshold = 215.0
    static let upThreshold = 200.0
    static let flickVelocity = 700.0

    /// The stacked layout (seed 000): frame(i) = bounds, x += i·hInset, y += i·vInset, width −= 2·i·hInset.
    /// The card is drawn a little shorter than the container so the stack shows below it.
    ///
    /// ```swift
    /// StackMotion.frame(forCardAt: 0, visibleCount: 3).width   // 300
    /// ```
    public static func frame(forCardAt index: Int, visibleCount: Int) -> Rect {
        let i = Double(max(0, index))
        let height = container.height - verticalInset * Double(max(0, visibleCount - 1))
        return Rect(x: container.minX + i * horizontalInset, y: container.minY + i * verticalInset,
                    width: container.width - 2 * i * horizontalInset, height: height)
    }

    /// What a drag looks like: tilt (seed 000: tan(x / 2W)), overlay progress and leading direction.
    ///
    /// ```swift
    /// let d = StackMotion.drag(translation: Point(x: -100, y: 0))
    /// d.direction   // .left
    /// ```
    public struct Drag: Hashable, Sendable {
        public var translation: Point
        public var rotation: Double
        public var progress: Double
        public var direction: SwipeDirection?

        /// The card's transform relative to its resting frame.
        public var transform: CardTransform { CardTransform(translation: translation, rotation: rotation) }
    }

    /// The drag state for a translation.
    ///
    /// ```swift
    /// StackMotion.drag(translation: Point(x: 0, y: -100)).direction   // .up
    /// ```
    public static func drag(translation: Point) -> Drag {
        let rotation = tan(translation.x / (2 * container.width))
        let right = translation.x / rightThreshold
        let left = -translation.x / leftThreshold
        let up = -translation.y / upThreshold
        var best: (SwipeDirection, Double)?
        for candidate in [(SwipeDirection.right, right), (.left, left), (.up, up)] where candidate.1 > 0.02 {
            if best == nil || candidate.1 > (best?.1 ?? 0) { best = candidate }
        }
        return Drag(translation: translation, rotation: rotation, progress: min(1, best?.1 ?? 0), direction: best?.0)
    }

    /// What happens on release: a direction to swipe in, or nil to snap back. Passing a threshold
    /// swipes; so does a flick (fast release) leading a quarter of the way.
    ///
    /// ```swift
    /// StackMotion.decision(translation: Point(x: 80, y: 0), velocity: Point(x: 900, y: 0))   // .right
    /// ```
    public static func decision(translation: Point, velocity: Point) -> SwipeDirection? {
        let state = drag(translation: translation)
        guard let direction = state.direction else { return nil }
        if state.progress >= 1 { return direction }
        let along = velocity.x * direction.unitVector.x + velocity.y * direction.unitVector.y
        if state.progress >= 0.25, along >= flickVelocity { return direction }
        return nil
    }

    /// Seed 000's fly-off: 0.2 s to translation + (±200, +75), alpha → 0 (up: 300 points up).
    ///
    /// ```swift
    /// StackMotion.flyOff(from: .identity, direction: .right).to.translation   // (200, 75)
    /// ```
    public static func flyOff(from: CardTransform, direction: SwipeDirection) -> Motion {
        let offset: Point
        switch direction {
        case .left, .upLeft, .downLeft: offset = Point(x: -200, y: 75)
        case .right, .upRight, .downRight: offset = Point(x: 200, y: 75)
        case .up: offset = Point(x: 0, y: -300)
        case .down: offset = Point(x: 0, y: 300)
        }
        var to = from
        to.translation = from.translation + offset
        if direction == .left || direction == .right { to.rotation = tan(to.translation.x / (2 * container.width)) }
        to.alpha = 0
        return Motion(kind: .flyOff, from: from, to: to, curve: .easeInOut, duration: 0.2)
    }

    /// Seed 000's snap back: 0.2 s to the identity.
    ///
    /// ```swift
    /// StackMotion.snapBack(from: CardTransform(rotation: 0.3)).to   // .identity
    /// ```
    public static func snapBack(from: CardTransform) -> Motion {
        Motion(kind: .snapBack, from: from, to: .identity, curve: .easeInOut, duration: 0.2)
    }

    /// A card moving from one index frame to another (0.2 s), as a transform relative to the new frame.
    ///
    /// ```swift
    /// StackMotion.reflow(from: 1, to: 0, visibleCount: 3).from.translation   // (0, 24)
    /// ```
    public static func reflow(from oldIndex: Int, to newIndex: Int, visibleCount: Int) -> Motion {
        let old = frame(forCardAt: oldIndex, visibleCount: visibleCount)
        let new = frame(forCardAt: newIndex, visibleCount: visibleCount)
        let from = CardTransform(translation: old.center - new.center, scale: old.width / max(1, new.width))
        return Motion(kind: .reflow, from: from, to: .identity, curve: .easeInOut, duration: 0.2)
    }

    /// A card arriving at the back of the stack: fades in with Koloda's background spring.
    ///
    /// ```swift
    /// StackMotion.appear().from.alpha   // 0
    /// ```
    public static func appear() -> Motion {
        Motion(kind: .backgroundArrival, from: CardTransform(translation: Point(x: 0, y: 24), alpha: 0), to: .identity,
               curve: .kolodaBackgroundSpring, duration: 0.5)
    }

    /// An undone card coming back from where it flew off.
    ///
    /// ```swift
    /// StackMotion.revert(direction: .left).from.alpha   // 0
    /// ```
    public static func revert(direction: SwipeDirection) -> Motion {
        let gone = flyOff(from: .identity, direction: direction).to
        return Motion(kind: .revert, from: gone, to: .identity, curve: .popDefaultSpring, duration: 0.5)
    }
}
