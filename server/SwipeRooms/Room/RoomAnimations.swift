import SwipeCore
import SwipeProtocol

// The ONE place the server calls into SwipeCore's drag physics, animations, layouts, deck parsing
// and text sanitising, so the room engine stays independent of their exact signatures.

/// Text cleaning and deck parsing, from SwipeCore.
enum CoreBridge {
    /// Removes control and escape characters from one line of user text.
    static func clean(_ text: String) -> String { TextSanitizer.clean(text) }

    /// Cuts text to at most `maxCharacters` characters.
    static func limited(_ text: String, maxCharacters: Int) -> String { TextSanitizer.limited(text, maxCharacters: maxCharacters) }

    /// A card with control characters removed from every text field (inline cards from `create`).
    static func cleaned(_ card: Card) -> Card {
        var card = card
        card.title = limited(clean(card.title), maxCharacters: 200)
        card.body = limited(TextSanitizer.cleanMultiline(card.body), maxCharacters: 2000)
        card.tags = card.tags.map { limited(clean($0), maxCharacters: 40) }
        card.image.art = card.image.art.map(clean)
        card.image.glyph = card.image.glyph.map(clean)
        return card
    }

    /// Parses a deck file (JSON or CSV by extension); errors name file, line, record and field.
    static func parseDeck(_ bytes: [UInt8], fileName: String) throws -> ParsedDeck {
        let file = try DeckLoader.parse(bytes, fileName: fileName)
        return ParsedDeck(name: file.name, title: file.title ?? file.name, cards: file.cards)
    }
}

/// A deck as read from a file or the bundle.
struct ParsedDeck: Hashable, Sendable {
    var name: String
    var title: String
    var cards: [Card]
}

/// The drag states and animations the room sends, computed with SwipeCore (Koloda's numbers).
enum RoomAnimations {
    /// The layout space every client maps to its own size: the source's 300 × 400 container.
    static let bounds = Rect(origin: .zero, size: .sourceContainer)
    static let physics = DragPhysics(configuration: .default)

    /// Where a card dragged by `translation` is drawn and which way its overlay leans.
    static func dragState(translation: Point) -> DragState {
        physics.state(translation: translation, in: bounds)
    }

    /// A released drag that would not swipe springs back (`nil` when it reaches the threshold).
    static func snapBackIfKept(card: CardID, translation: Point, phase: DragPhase, for member: MemberID,
                               at now: ServerTime) -> CardAnimation? {
        if translation.length < 0.5 { return nil }
        if phase == .ended, physics.decision(translation: translation, velocity: .zero, in: bounds) != .snapBack { return nil }
        let from = physics.state(translation: translation, in: bounds).transform
        return animation(StandardAnimations.snapBack(from: from), card: card, at: now, member: member)
    }

    static func animation(_ spec: CardAnimationSpec, card: CardID, at start: ServerTime, member: MemberID?,
                          index: Int? = nil) -> CardAnimation {
        CardAnimation(card: card, kind: spec.kind, from: wire(spec.from), to: wire(spec.to), curve: spec.curve,
                      duration: spec.duration.rounded(toDecimals: 4), startAt: start.rounded(toDecimals: 3),
                      member: member, index: index)
    }

    /// What goes on the wire is rounded far below what any screen can show (a thousandth of a
    /// point of the 300 × 400 layout space, a ten-thousandth of a radian or of the scale), so
    /// the JSON writer writes its numbers without the shortest-digits search.
    static func wire(_ transform: CardTransform) -> CardTransform {
        var rounded = transform
        rounded.translation = wire(transform.translation)
        rounded.rotation = transform.rotation.rounded(toDecimals: 4)
        rounded.scale = transform.scale.rounded(toDecimals: 4)
        rounded.alpha = transform.alpha.rounded(toDecimals: 4)
        return rounded
    }

    /// A drag state as relayed: positions to a thousandth of a point, angles and fractions to a
    /// ten-thousandth (`serverTime` is the shell's `now`, already to the microsecond).
    static func wire(_ state: CardState) -> CardState {
        var rounded = state
        rounded.x = state.x.rounded(toDecimals: 3)
        rounded.y = state.y.rounded(toDecimals: 3)
        rounded.rotation = state.rotation.rounded(toDecimals: 4)
        rounded.progress = state.progress.rounded(toDecimals: 4)
        rounded.center = state.center.map(wire)
        rounded.scale = state.scale.map { $0.rounded(toDecimals: 4) }
        return rounded
    }

    /// A point of the layout space, to a thousandth.
    static func wire(_ point: Point) -> Point {
        Point(x: point.x.rounded(toDecimals: 3), y: point.y.rounded(toDecimals: 3))
    }

    /// After the top card leaves: the rest move up one slot of the room's layout and a new last card
    /// appears (Koloda's background card: the one slot behind, arriving with the spring).
    static func reflow(window: [Card], layout style: RoomLayout, member: MemberID?, at now: ServerTime) -> [CardAnimation] {
        let count = style.style.defaultVisibleCount
        let layout = style.style.layout
        return window.prefix(count).enumerated().map { index, card in
            if index == count - 1 {
                return animation(StandardAnimations.appear(), card: card.id, at: now, member: member, index: index)
            }
            let spec = StandardAnimations.reflow(fromFrame: layout.frame(forCardAt: index + 1, visibleCount: count, in: bounds),
                                                 toFrame: layout.frame(forCardAt: index, visibleCount: count, in: bounds))
            return animation(spec, card: card.id, at: now, member: member, index: index)
        }
    }

    /// Lockstep: everyone sees the card leave the way the group leaned, then the stack move up.
    static func lockstepResolution(card: CardID, outcome: CardOutcome, tally: Tally, window: [Card], layout: RoomLayout,
                                   at now: ServerTime) -> [CardAnimation] {
        let direction: SwipeDirection
        switch outcome {
        case .match: direction = .right
        case .noMatch, .timedOut, .skipped: direction = tally.score > tally.nopes ? .right : .left
        }
        let animations = [animation(StandardAnimations.flyOff(from: .identity, direction: direction), card: card, at: now, member: nil)]
        return animations + reflow(window: window, layout: layout, member: nil, at: now)
    }

    /// Free pacing: the swiper's own card flies off and their stack moves up.
    static func ownSwipe(card: CardID, direction: SwipeDirection, for member: MemberID, window: [Card], layout: RoomLayout,
                         at now: ServerTime) -> [RoomEffect] {
        var animations = [animation(StandardAnimations.flyOff(from: .identity, direction: direction), card: card, at: now, member: member)]
        animations += reflow(window: window, layout: layout, member: member, at: now)
        return animations.map { .send(.animation($0), to: member) }
    }

    /// Free pacing undo: the card comes back from where it left.
    static func revert(card: CardID, direction: SwipeDirection, for member: MemberID, at now: ServerTime) -> CardAnimation {
        animation(StandardAnimations.revert(direction: direction), card: card, at: now, member: member, index: 0)
    }
}
