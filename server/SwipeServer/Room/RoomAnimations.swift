import Foundation
import SwipeCore
import SwipeProtocol

// The ONE place the server calls into SwipeCore's drag physics, animations, deck parsing and text
// sanitising. INTERIM: SwipeCore's DragPhysics / StandardAnimations / DeckLoader / TextSanitizer are
// being written in parallel; until they land, these bodies use the source numbers directly
// (Koloda: max rotation π/10, swipe at 25 % of the width, fly-off 0.4 s, background spring 9/16).

/// Text cleaning and deck parsing (forwarding to SwipeCore once available).
enum CoreBridge {
    /// Removes control and escape characters (C0, DEL, C1) from user text.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }))
    }

    /// Cuts text to at most `maxCharacters` characters.
    static func limited(_ text: String, maxCharacters: Int) -> String {
        text.count <= maxCharacters ? text : String(text.prefix(maxCharacters))
    }

    /// A card with control characters removed from every text field.
    static func cleaned(_ card: Card) -> Card {
        var card = card
        card.title = limited(clean(card.title), maxCharacters: 200)
        card.body = limited(clean(card.body), maxCharacters: 2000)
        card.tags = card.tags.map { limited(clean($0), maxCharacters: 40) }
        card.image.art = card.image.art.map(clean)
        card.image.glyph = card.image.glyph.map(clean)
        return card
    }

    /// Parses a deck file (JSON or CSV by extension).
    static func parseDeck(_ bytes: [UInt8], fileName: String) throws -> ParsedDeck {
        try InterimDeckParser.parse(bytes, fileName: fileName)
    }
}

/// A deck as read from a file or the bundle.
struct ParsedDeck: Hashable, Sendable {
    var name: String
    var title: String
    var cards: [Card]
}

/// The animations and drag states the room sends, computed with SwipeCore's physics.
enum RoomAnimations {
    static let bounds = Rect(origin: .zero, size: .sourceContainer)
    static let maxRotation = Double.pi / 10
    static let swipeFraction = 0.25
    static let flyOffDuration = 0.4
    static let reflowDuration = 0.5
    static let stackOffset = 8.0
    static let stackScaleStep = 0.05

    /// Where a card dragged by `translation` is drawn and which way its overlay leans.
    static func dragState(translation: Point) -> (rotation: Double, progress: Double, direction: SwipeDirection?) {
        let strength = max(-1, min(translation.x / bounds.width, 1))
        let rotation = maxRotation * strength
        let threshold = bounds.width * swipeFraction
        let progress = min(max(abs(translation.x), abs(translation.y)) / threshold, 1)
        let direction: SwipeDirection?
        if translation.length < 1 {
            direction = nil
        } else if abs(translation.x) >= abs(translation.y) {
            direction = translation.x > 0 ? .right : .left
        } else {
            direction = translation.y < 0 ? .up : .down
        }
        return (rotation, progress, direction)
    }

    static func transform(for translation: Point) -> CardTransform {
        CardTransform(translation: translation, rotation: dragState(translation: translation).rotation)
    }

    /// A released drag that does not reach the swipe threshold springs back.
    static func snapBackIfKept(card: CardID, translation: Point, phase: DragPhase, for member: MemberID,
                               at now: ServerTime) -> CardAnimation? {
        let threshold = bounds.width * swipeFraction
        let reached = abs(translation.x) >= threshold || abs(translation.y) >= threshold
        if phase == .ended && reached { return nil }
        if translation.length < 0.5 { return nil }
        return CardAnimation(card: card, kind: .snapBack, from: transform(for: translation), to: .identity,
                             curve: .popDefaultSpring, duration: 0.5, startAt: now, member: member)
    }

    static func flyOff(card: CardID, direction: SwipeDirection, member: MemberID?, at now: ServerTime) -> CardAnimation {
        let distance = max(bounds.width, bounds.height) * 1.5
        let target = CardTransform(translation: direction.unitVector * distance,
                                   rotation: maxRotation * direction.unitVector.x, alpha: 1)
        return CardAnimation(card: card, kind: .flyOff, from: .identity, to: target, curve: .linear,
                             duration: flyOffDuration, startAt: now, member: member)
    }

    static func stackTransform(at index: Int) -> CardTransform {
        CardTransform(translation: Point(x: 0, y: stackOffset * Double(index)), scale: 1 - stackScaleStep * Double(index))
    }

    /// After the top card leaves: the rest move up one place and the new last card appears.
    static func reflow(window: [Card], member: MemberID?, at now: ServerTime) -> [CardAnimation] {
        window.enumerated().map { index, card in
            let isNew = index == window.count - 1 && window.count == Room.visibleCount
            if isNew {
                return CardAnimation(card: card.id, kind: .appear, from: stackTransform(at: index).then(CardTransform(alpha: 0)),
                                     to: stackTransform(at: index), curve: .easeOut, duration: 0.3,
                                     startAt: now + flyOffDuration * 1000, member: member, index: index)
            }
            return CardAnimation(card: card.id, kind: .backgroundArrival, from: stackTransform(at: index + 1),
                                 to: stackTransform(at: index), curve: .kolodaBackgroundSpring, duration: reflowDuration,
                                 startAt: now, member: member, index: index)
        }
    }

    /// Lockstep: everyone sees the card leave the way the group leaned, then the stack move up.
    static func lockstepResolution(card: CardID, outcome: CardOutcome, tally: Tally, window: [Card],
                                   at now: ServerTime) -> [RoomEffect] {
        let direction: SwipeDirection
        switch outcome {
        case .match: direction = .right
        case .noMatch, .timedOut, .skipped: direction = tally.score > tally.nopes ? .right : .left
        }
        var animations = [flyOff(card: card, direction: direction, member: nil, at: now)]
        animations += reflow(window: window, member: nil, at: now)
        return animations.map { .broadcast(.animation($0), except: nil) }
    }

    /// Free pacing: the swiper's own card flies off and their stack moves up.
    static func ownSwipe(card: CardID, direction: SwipeDirection, for member: MemberID, window: [Card],
                         at now: ServerTime) -> [RoomEffect] {
        var animations = [flyOff(card: card, direction: direction, member: member, at: now)]
        animations += reflow(window: window, member: member, at: now)
        return animations.map { .send(.animation($0), to: member) }
    }

    /// Free pacing undo: the card comes back from where it left.
    static func revert(card: CardID, direction: SwipeDirection, for member: MemberID, at now: ServerTime) -> CardAnimation {
        let away = flyOff(card: card, direction: direction, member: member, at: now)
        return CardAnimation(card: card, kind: .revert, from: away.to, to: .identity, curve: .popDefaultSpring,
                             duration: 0.5, startAt: now, member: member, index: 0)
    }
}
