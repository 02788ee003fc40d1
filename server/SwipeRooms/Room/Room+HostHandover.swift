import SwipeCore
import SwipeProtocol

extension Room {
    /// Whether the host is gone: offline and no longer expected back (they left on purpose, or
    /// the grace for their dropped connection or for a restart ended). A host who is merely
    /// reconnecting keeps the role.
    var hostIsGone: Bool {
        guard let host = members.first(where: { $0.role == .host }) else { return false }
        return !host.online && !host.awaitingReturn
    }

    /// Who takes over from a gone host: the longest-present member who is online (never a spectator).
    var hostHeir: Int? { members.firstIndex { $0.role == .member && $0.online } }

    /// A room whose host is gone would be stuck (nobody could start it, skip a card, kick or
    /// close): the longest-present member who is online becomes host, and everyone is told with
    /// a `memberUpdated` for each of the two. The old host comes back as a member. Spectators
    /// never become host; with nobody online the room waits, and the first member to come back
    /// takes over. Returns nothing when the host is here (or expected back) or the room is closed.
    ///
    /// ```swift
    /// let effects = room.handOverHostIfGone(at: now)
    /// // [.append(hostChanged m1 → m2), .broadcast(memberUpdated m1 as member), .broadcast(memberUpdated m2 as host)]
    /// ```
    mutating func handOverHostIfGone(at now: ServerTime) -> [RoomEffect] {
        guard phase != .closed, hostIsGone,
              let old = members.firstIndex(where: { $0.role == .host }), let new = hostHeir else { return [] }
        handHost(from: old, to: new)
        return [
            log(.hostChanged(from: members[old].id, to: members[new].id), at: now),
            .broadcast(.memberUpdated(memberInfo(members[old])), except: nil),
            .broadcast(.memberUpdated(memberInfo(members[new])), except: nil),
        ]
    }

    /// The host role moves from member `old` to member `new` (indices), live or replayed from the log.
    mutating func handHost(from old: Int, to new: Int) {
        members[old].role = .member
        members[new].role = .host
    }
}
