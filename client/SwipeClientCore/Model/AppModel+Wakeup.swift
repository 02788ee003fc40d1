import SwipeProtocol

extension AppModel {
    /// The shortest wait between frames while something moves (ms): about 60 frames a second.
    public static let frameInterval = 16.0

    /// The local time (ms) at which the model next needs a `.tick`, or nil when nothing will change
    /// until input or a network message arrives. The shell sleeps until then, so an idle client
    /// uses no CPU.
    ///
    /// ```swift
    /// model.nextWakeup()   // nil when idle; now + 16 while a card flies; the reconnect time while offline
    /// ```
    public func nextWakeup() -> Double? {
        if isAnimating { return now + Self.frameInterval }
        var candidates: [Double] = []
        if !started { candidates.append(now) }
        switch connection {
        case let .reconnecting(_, retryAt): candidates.append(retryAt)
        case .online: candidates.append((lastPingAt ?? now - Self.pingInterval) + Self.pingInterval)
        case .joining:
            // A slowed join counts its wait down on screen: wake each second, and when it goes again.
            if let at = joinRetryAt {
                let toNextSecond = max(0, at - now).truncatingRemainder(dividingBy: 1000)
                candidates.append(min(at, now + (toNextSecond > 0 ? toNextSecond : 1000)))
            }
        case .connecting, .closed: break
        }
        if let banner { candidates.append(banner.shownAt + MatchBanner.duration + 1) }
        if let notice { candidates.append(notice.shownAt + Notice.duration + 1) }
        if let outcome { candidates.append(outcome.shownAt + OutcomeToast.duration + 1) }
        if let room, room.phase == .voting, let deadline = room.deadline, let offset = clockOffset {
            // The sidebar counts whole seconds down: wake at the next second boundary.
            let remaining = deadline - (now + offset)
            if remaining > 0 {
                let toNextSecond = remaining.truncatingRemainder(dividingBy: 1000)
                candidates.append(now + (toNextSecond > 0 ? toNextSecond : 1000))
            }
        }
        if let room, room.phase == .voting, let closing = room.closesAt.flatMap(UTCTimestamp.init(iso8601:)) {
            // "2 h 14 m left" changes each minute, and each second in the last one.
            let remaining = closing.millisecondsSince1970 - wallNow
            if remaining > 0 {
                let step = remaining > 60_000 ? 60_000.0 : 1000
                let toNext = remaining.truncatingRemainder(dividingBy: step)
                candidates.append(now + (toNext > 0 ? toNext : step))
            }
        }
        return candidates.min()
    }
}
