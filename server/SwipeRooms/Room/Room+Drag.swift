import SwipeCore
import SwipeProtocol

extension Room {
    /// The shortest gap between two `cardState`s of one member's drag: 30 per second.
    static let dragInterval: ServerTime = 1000.0 / 30.0

    mutating func drag(_ update: DragUpdate, by index: Int, at now: ServerTime) -> [RoomEffect] {
        let id = members[index].id
        if let refused = refusal("drag", card: update.card, by: index) { return [refused] }
        guard update.x.isFinite, update.y.isFinite else {
            return [fail(id, .badField, "drag: fields \"x\" and \"y\" must be finite numbers")]
        }
        guard topCard(for: id)?.id == update.card else {
            return [fail(id, .notCurrentCard, "drag: \"\(update.card)\" is not your top card")]
        }
        switch update.phase {
        case .changed:
            if let last = members[index].lastDragSentAt, now - last < Self.dragInterval { return [] }
        case .began, .ended, .cancelled:
            break
        }
        members[index].lastDragSentAt = update.phase == .changed ? now : nil
        let state = RoomAnimations.dragState(translation: update.translation)
        var effects: [RoomEffect] = [
            .broadcast(.cardState(RoomAnimations.wire(CardState(
                member: id, card: update.card, phase: update.phase, x: update.x, y: update.y, rotation: state.rotation,
                progress: state.progress, direction: state.leadingDirection, serverTime: now,
                center: state.center, scale: state.scale))), except: id),
        ]
        switch update.phase {
        case .ended, .cancelled:
            if let snap = RoomAnimations.snapBackIfKept(card: update.card, translation: update.translation,
                                                        phase: update.phase, for: id, at: animationStart(at: now)) {
                effects.append(.broadcast(.animation(snap), except: id))
            }
        case .began, .changed:
            break
        }
        return effects
    }
}
