import SwipeCore
import SwipeProtocol

/// An animation as a value (SwipeCore's `CardAnimationSpec`): from, to, curve, duration, sampled at an elapsed time.
///
/// ```swift
/// let m: Motion = StandardAnimations.snapBack(from: CardTransform(rotation: 0.2))
/// m.sample(at: 0.1)   // halfway back
/// ```
public typealias Motion = CardAnimationSpec

/// The card-stack geometry and drag rules the client predicts locally, in layout points
/// (container 300 × 400). The one place the client calls SwipeCore's layouts, `DragPhysics`
/// and `StandardAnimations`. Frames and the motions between them follow the room's layout
/// (`welcome`'s `layout`, nil = `.stack`), so every screen in a room shows the same stack.
///
/// ```swift
/// StackMotion.frame(forCardAt: 1, visibleCount: 3, layout: .stack)      // (10, 24, 280 × 352)
/// StackMotion.frame(forCardAt: 1, visibleCount: 2, layout: .koloda)     // (−75, 0, 450 × 562.5)
/// StackMotion.drag(translation: Point(x: 75, y: 0)).direction            // .right
/// StackMotion.decision(translation: Point(x: 160, y: 0), velocity: .zero) // .right
/// ```
public enum StackMotion {
    /// The container every layout is computed in.
    public static let container = Rect(origin: .zero, size: .sourceContainer)
    /// Seed 000's stacked layout. The vertical inset is larger than UIKit's so that each card
    /// behind shows one terminal row below the one in front.
    static let layout = StackedInsetsLayout(horizontalInset: 10, verticalInset: 24)
    static let physics = DragPhysics(configuration: .default)

    /// The stack is always laid out for at least this many cards, so cards keep their size (no
    /// jump) while a card is away between a local swipe and the server's new window, and when the
    /// deck runs low: 3 for seed 000's stack, 2 for Koloda's (front card and background card).
    ///
    /// ```swift
    /// StackMotion.layoutSlots(.koloda)   // 2
    /// ```
    public static func layoutSlots(_ room: RoomLayout) -> Int { room.style.defaultVisibleCount }

    /// The frame of the card at `index` in the room's layout. Stack: fitted into the container (every
    /// card has the height of the container less the insets of the cards behind it, for at least
    /// `layoutSlots` cards). Koloda: seed 001's frames (front card inset, background card 1.5·W wide
    /// at x = −0.25·W, taller than the container); an index past the background slot rests there.
    ///
    /// ```swift
    /// StackMotion.frame(forCardAt: 0, visibleCount: 3, layout: .stack)    // (0, 0, 300 × 352)
    /// StackMotion.frame(forCardAt: 0, visibleCount: 1, layout: .stack)    // the same: a lone card keeps its size
    /// StackMotion.frame(forCardAt: 0, visibleCount: 2, layout: .koloda)   // (10, 20, 280 × 350)
    /// ```
    public static func frame(forCardAt index: Int, visibleCount: Int, layout room: RoomLayout) -> Rect {
        let count = max(layoutSlots(room), visibleCount)
        switch room {
        case .stack:
            let bounds = Rect(x: 0, y: 0, width: container.width, height: container.height - layout.verticalInset * Double(count - 1))
            return layout.frame(forCardAt: min(max(0, index), count - 1), visibleCount: count, in: bounds)
        case .koloda:
            let slots = layoutSlots(room)
            return room.style.layout.frame(forCardAt: min(max(0, index), slots - 1), visibleCount: slots, in: container)
        }
    }

    /// Whether the card at `index` is drawn receded (dim, text left out): Koloda's semi-transparent
    /// background card (`StackBehavior.nextCardAlpha` 0.1 in the v2 example); the stack's cards behind are opaque.
    ///
    /// ```swift
    /// StackMotion.isReceded(index: 1, layout: .koloda)   // true
    /// StackMotion.isReceded(index: 1, layout: .stack)    // false
    /// ```
    public static func isReceded(index: Int, layout room: RoomLayout) -> Bool {
        index > 0 && (room.style.behavior.nextCardAlpha ?? 1) < 0.55
    }

    /// What a drag looks like: tilt and shrink, overlay progress and leading direction.
    ///
    /// ```swift
    /// StackMotion.drag(translation: Point(x: 100, y: 0)).transform.rotation   // > 0: leans right
    /// ```
    public struct Drag: Hashable, Sendable {
        public var translation: Point
        public var rotation: Double
        public var scale: Double
        public var progress: Double
        public var direction: SwipeDirection?

        /// The card's transform relative to its resting frame.
        ///
        /// ```swift
        /// StackMotion.drag(translation: Point(x: 100, y: 0)).transform.translation   // (100, 0)
        /// ```
        public var transform: CardTransform { CardTransform(translation: translation, rotation: rotation, scale: scale) }
    }

    /// The drag state for a translation (SwipeCore `DragPhysics`, `.default` configuration).
    ///
    /// ```swift
    /// StackMotion.drag(translation: Point(x: -80, y: 0)).direction   // .left
    /// ```
    public static func drag(translation: Point) -> Drag {
        let state = physics.state(translation: translation, in: container)
        return Drag(translation: state.translation, rotation: state.rotation, scale: state.scale,
                    progress: min(1, max(0, state.progress)), direction: state.leadingDirection)
    }

    /// What happens on release: a direction to swipe in, or nil to snap back.
    ///
    /// ```swift
    /// StackMotion.decision(translation: Point(x: 40, y: 0), velocity: .zero)   // nil: snap back
    /// ```
    public static func decision(translation: Point, velocity: Point) -> SwipeDirection? {
        physics.decision(translation: translation, velocity: velocity, in: container).direction
    }

    /// Seed 000's fly-off from where the card is now.
    ///
    /// ```swift
    /// StackMotion.flyOff(from: .identity, direction: .right).to.translation   // (200, 75)
    /// ```
    public static func flyOff(from: CardTransform, direction: SwipeDirection) -> Motion {
        StandardAnimations.flyOff(from: from, direction: direction)
    }

    /// Seed 000's snap back to the identity.
    ///
    /// ```swift
    /// StackMotion.snapBack(from: CardTransform(rotation: 0.2)).to   // .identity
    /// ```
    public static func snapBack(from: CardTransform) -> Motion {
        StandardAnimations.snapBack(from: from)
    }

    /// A card moving from one index frame to another, relative to the new frame: 0.2 s ease in
    /// both layouts, as the server sends it.
    ///
    /// ```swift
    /// StackMotion.reflow(from: 1, to: 0, visibleCount: 3, layout: .stack).to   // .identity
    /// ```
    public static func reflow(from oldIndex: Int, to newIndex: Int, visibleCount: Int, layout room: RoomLayout) -> Motion {
        StandardAnimations.reflow(fromFrame: frame(forCardAt: oldIndex, visibleCount: visibleCount, layout: room),
                                  toFrame: frame(forCardAt: newIndex, visibleCount: visibleCount, layout: room))
    }

    /// A card arriving at the back of the stack. Stack: Koloda's background spring from one inset
    /// lower, fading in. Koloda: seed 001's new card "collecting itself from the background"
    /// (scale 3.5 → 1, the (9, 16) spring, fading in), as the server's `appear`.
    ///
    /// ```swift
    /// StackMotion.appear(at: 2, visibleCount: 3, layout: .stack).from.alpha    // 0
    /// StackMotion.appear(at: 1, visibleCount: 2, layout: .koloda).from.scale   // 3.5
    /// ```
    public static func appear(at index: Int, visibleCount: Int, layout room: RoomLayout) -> Motion {
        let rest = frame(forCardAt: index, visibleCount: visibleCount, layout: room)
        switch room {
        case .stack:
            return StandardAnimations.backgroundArrival(fromFrame: rest.centered(at: rest.center + Point(x: 0, y: layout.verticalInset)),
                                                        toFrame: rest)
        case .koloda:
            return StandardAnimations.appear()
        }
    }

    /// An undone card coming back from where it flew off.
    ///
    /// ```swift
    /// StackMotion.revert(direction: .left).kind   // .revert
    /// ```
    public static func revert(direction: SwipeDirection) -> Motion {
        StandardAnimations.revert(direction: direction)
    }
}
