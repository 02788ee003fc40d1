// A create or join on its way, answered once for every store: the driver keeps which connections
// are entering, and carries out the room's answer the same way whichever store ordered it. Service
// thread only; touches the driver's entering set and, through `apply`, what the answer delivers.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension RoomDriver {
    /// Whether `session`'s create or join is on its way (a second one is refused meanwhile).
    ///
    /// ```swift
    /// driver.isEntering(session)   // true between beginEntry and its answer
    /// ```
    package func isEntering(_ session: RoomSession) -> Bool { entering.contains(session.id) }

    /// A create or join begins: false when one of this connection's is already on its way.
    package func beginEntry(_ session: RoomSession) -> Bool { entering.insert(session.id).inserted }

    /// The room's answer to a create or join (the engine's effects for it, `code` the room, nil
    /// when the registry refused a create): no longer entering; a wrong code or token is a failed
    /// lookup from the session's address; a room created and bound to its creator is counted for
    /// that address (its uploads are the room's now); then the effects are carried out.
    /// `session` nil: the connection closed on the way (nothing is counted for it).
    ///
    /// ```swift
    /// let result = driver.registry.join(request, from: session.id, at: driver.now)
    /// driver.answerEntry(result.effects, in: result.room, for: session, created: false)
    /// ```
    package func answerEntry(_ effects: [RoomEffect], in code: RoomCode?, for session: RoomSession?, created: Bool) {
        if let session {
            entering.remove(session.id)
            if effects.contains(where: RoomEffect.isGuessMiss) { events.failedLookup(from: session.address, at: now) }
            if created, let code, effects.contains(where: Self.isBind) { events.roomCreated(code, by: session) }
        }
        apply(effects, in: code)
    }

    /// A create or join that ends without a room's answer (the store refused it, could not reach
    /// itself, or found no such room): no longer entering, and `error` told, if there is one.
    ///
    /// ```swift
    /// driver.endEntry(session, telling: RoomRegistry.noRoom(request))
    /// ```
    package func endEntry(_ session: RoomSession, telling error: ProtocolError?) {
        entering.remove(session.id)
        if let error { transport.send(.error(error), to: session) }
    }

    private static func isBind(_ effect: RoomEffect) -> Bool {
        if case .bind = effect { true } else { false }
    }
}
