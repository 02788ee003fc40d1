import SwipeProtocol

extension Room {
    /// `host lock` / `host unlock`: while locked, a `join` without a valid token is refused
    /// (`notAllowed`), so nobody new comes in — not even a removed member under another name —
    /// while every member can still resume with their token. Logged (`roomLocked`), kept in
    /// checkpoints, told to everyone (`roomLocked`, protocol 4) and in `welcome`'s `room.locked`.
    /// Asking for the state the room is already in changes nothing and answers the host alone.
    ///
    /// ```swift
    /// room.handle(.message(host, .host(HostCommand(command: .lock))), at: now)
    /// // [.append(roomLocked(locked: true)), .broadcast(.roomLocked(RoomLock(locked: true)), except: nil)]
    /// ```
    mutating func setLocked(_ lock: Bool, by host: MemberID, at now: ServerTime) -> [RoomEffect] {
        guard locked != lock else { return [.send(.roomLocked(RoomLock(locked: lock)), to: host)] }
        locked = lock
        return [log(.roomLocked(locked: lock), at: now), .broadcast(.roomLocked(RoomLock(locked: lock)), except: nil)]
    }
}
