import SwipeCore
import SwipeProtocol

extension RoomRegistry {
    /// A `create`'s closing time on the wall clock (ms since 1970), or nil without one; the
    /// refusal names the field and the limit. It must parse as ISO 8601, lie ahead of `now` and
    /// no further than `limits.maxRoomOpen`; a lockstep room cannot have one.
    ///
    /// ```swift
    /// registry.closingTime(of: CreateRoom(name: "Ann", deck: "movies", closesAt: "2026-11-29T12:00:00Z"), at: now)
    /// // .success(1_795_953_600_000)
    /// ```
    public func closingTime(of request: CreateRoom, at now: ServerTime) -> Result<Double?, ProtocolError> {
        guard let text = request.closesAt else { return .success(nil) }
        guard let closing = UTCTimestamp(iso8601: text) else {
            return .failure(ProtocolError(.badField, "create: field \"closesAt\" must be an ISO 8601 time such as \"2026-11-29T12:00:00Z\" (got \"\(CoreBridge.limited(text, maxCharacters: 40))\")"))
        }
        if request.pacing == .lockstep {
            return .failure(ProtocolError(.badField, "create: a room with \"closesAt\" is free-paced: leave \"pacing\" out or make it \"free\" (lockstep needs everyone at once)"))
        }
        if request.timerSeconds != nil || request.quorum != nil {
            return .failure(ProtocolError(.badField, "create: a room with \"closesAt\" takes no \"timerSeconds\" or \"quorum\" (its votes are counted at the close)"))
        }
        let wallNow = now + limits.wallClockAtZero
        let time = closing.millisecondsSince1970
        if time <= wallNow {
            return .failure(ProtocolError(.badField, "create: field \"closesAt\" (\(closing.iso8601)) is not in the future (now \(UTCTimestamp(millisecondsSince1970: wallNow).iso8601))"))
        }
        if time - wallNow > limits.maxRoomOpen {
            return .failure(ProtocolError(.badField, "create: field \"closesAt\" (\(closing.iso8601)) is more than \(Self.spoken(limits.maxRoomOpen)) ahead, this server's --max-room-open"))
        }
        return .success(time)
    }

    /// A span in words for a refusal: `14 days`, `3 hours`, `90 seconds`.
    static func spoken(_ span: ServerTime) -> String {
        let seconds = Int(span / 1000)
        if seconds % 86_400 == 0 { return seconds == 86_400 ? "1 day" : "\(seconds / 86_400) days" }
        if seconds % 3600 == 0 { return seconds == 3600 ? "1 hour" : "\(seconds / 3600) hours" }
        return "\(seconds) seconds"
    }
}
