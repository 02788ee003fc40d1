import SwipeCore
import SwipeProtocol

extension Room {
    /// Rebuilds a room from its durable log (the `.append` records, in order), as after a restart:
    /// members, tokens, votes, outcomes and phase come back; everyone is offline until they resume.
    /// Nil when the first record is not `roomCreated` or the log cannot be replayed (see
    /// `Room.restore(from:maxMembers:)`, which this wraps and which names the problem).
    ///
    /// ```swift
    /// let room = Room.replaying(records, maxMembers: 64)   // then members `join` with their tokens
    /// ```
    public static func replaying(_ records: [LogRecord], maxMembers: Int = 64) -> Room? {
        guard let first = records.first,
              var room = try? restore(from: records.filter { $0.room == first.room }, maxMembers: maxMembers) else { return nil }
        for index in room.members.indices { room.members[index].online = false }
        return room
    }
}
