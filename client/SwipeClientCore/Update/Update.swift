import SwipeCore
import SwipeProtocol

/// Applies one event to the model and returns what the shells must do. Pure: time comes in
/// through `.tick`, the screen size through `.resized`, the network through `.server`.
///
/// ```swift
/// var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "K7QM", role: nil)),
///                      size: TermSize(columns: 80, rows: 24))
/// update(&model, .tick(now: 0))     // [.connect]
/// update(&model, .connected)        // [.send(.join(…))]
/// ```
@discardableResult
public func update(_ model: inout AppModel, _ event: AppEvent) -> [AppEffect] {
    // Whatever the event changed, the cards now in view whose pictures nobody asked for yet are
    // asked for here, as effects: nothing outside `update` marks a picture as requested.
    let effects = model.handle(event)
    return effects + model.pictureFetches()
}

extension AppModel {
    /// One event's own effects; ``update(_:_:)`` adds the picture fetches after it.
    ///
    /// ```swift
    /// model.handle(.resized(TermSize(columns: 100, rows: 30)))   // []
    /// ```
    mutating func handle(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case let .tick(now):
            return tick(now: now)
        case let .key(key):
            return handleKey(key)
        case let .mousePressed(row, column):
            return pointerPressed(row: row, column: column)
        case let .mouseDragged(row, column):
            return pointerMoved(row: row, column: column)
        case let .mouseReleased(row, column):
            return pointerReleased(row: row, column: column)
        case let .resized(size):
            self.size = size
            return []
        case let .server(message):
            return receive(message)
        case let .serverGarbled(reason):
            notice = Notice(text: "bad message from server: " + TextMetrics.clean(reason), shownAt: now)
            return []
        case .connected:
            return connectionOpened()
        case let .disconnected(reason):
            return connectionLost(reason: reason)
        case let .connectionRefused(reason):
            return connectionRefused(reason: reason)
        case let .exported(outcome):
            exportFinished(outcome)
            return []
        case .pictureArrived, .pictureFailed, .pictureCellsReady, .picturePixelsReady, .frameWantsPictureCells:
            return receivePicture(event)
        }
    }
}

extension AppModel {
    /// How often a ping (keepalive and clock sync) goes out while online (ms).
    static let pingInterval = 5000.0
    /// At most this often a drag update goes out (ms): 30 per second.
    static let dragSendInterval = 33.0

    mutating func tick(now: Double) -> [AppEffect] {
        self.now = max(self.now, now)
        var effects: [AppEffect] = []
        if !started {
            started = true
            connection = .connecting(attempt: 1)
            effects.append(.connect)
        }
        if case let .reconnecting(attempt, retryAt) = connection, self.now >= retryAt {
            connection = .connecting(attempt: attempt)
            effects.append(.connect)
        }
        if case .joining = connection, let at = joinRetryAt, self.now >= at {
            joinRetryAt = nil
            effects += openingMessages()
        }
        if connection.isOnline, self.now - (lastPingAt ?? -Self.pingInterval) >= Self.pingInterval {
            lastPingAt = self.now
            effects.append(.send(.ping(Ping(t: self.now))))
        }
        playing = playing.filter { !$0.value.isFinished(now: self.now) }
        leaving.removeAll { $0.motion.isFinished(now: self.now) }
        if let banner, self.now - banner.shownAt > MatchBanner.duration { self.banner = nil }
        if let notice, self.now - notice.shownAt > Notice.duration { self.notice = nil }
        if let outcome, self.now - outcome.shownAt > OutcomeToast.duration { self.outcome = nil }
        return effects
    }

    /// Whether anything is moving (the shell draws at up to 60 fps while true).
    ///
    /// ```swift
    /// model.isAnimating   // true while a card flies off
    /// ```
    public var isAnimating: Bool {
        !playing.isEmpty || !leaving.isEmpty || drag != nil || !remoteDrags.isEmpty
    }

    mutating func connectionOpened() -> [AppEffect] {
        let attempt: Int
        switch connection {
        case let .connecting(a), let .joining(a), let .reconnecting(a, _): attempt = a
        case .online: attempt = 1
        case .closed: return [.disconnect]
        }
        connection = .joining(attempt: attempt)
        joinRetryAt = nil
        return openingMessages()
    }

    /// What a new connection says first: a reconnect resumes, and so does the first join when this
    /// machine kept the member's token; otherwise the `join` or `create` the user asked for.
    func joinMessage() -> ClientMessage {
        if let token, let code = room?.code ?? (joinCode.isEmpty ? nil : RoomCode(joinCode)) {
            return .join(JoinRoom(room: code, name: options.name, role: myInfo?.role, token: token))
        }
        switch options.entry {
        case let .join(code, role):
            return .join(JoinRoom(room: code, name: options.name, role: role))
        case let .create(create):
            return .create(taggingPictures(of: create))
        }
    }

    mutating func connectionLost(reason: String) -> [AppEffect] {
        let attempt: Int
        let wasOnline: Bool
        switch connection {
        case .closed: return []
        case .online: attempt = 1; wasOnline = true
        case let .connecting(a), let .joining(a), let .reconnecting(a, _): attempt = a + 1; wasOnline = false
        }
        // Before a session ever existed there is nothing to get back to: say why and leave.
        guard room != nil else {
            let text = TextMetrics.clean(reason)
            connection = .closed(reason: text)
            return [.exit(.unreachable(text))]
        }
        connection = .reconnecting(attempt: attempt, retryAt: now + ConnectionStatus.backoff(attempt: attempt, serverRetryAfter: serverRetryAfter))
        serverRetryAfter = nil
        if let drag {
            playing[drag.card] = PlayingMotion(motion: StackMotion.snapBack(from: StackMotion.drag(translation: drag.translation).transform),
                                               startedAt: now)
            self.drag = nil
        }
        remoteDrags = [:]
        // Said once, when the connection drops; later failed attempts only count up in the header,
        // so the status line can show what matters meanwhile (votes kept for the server).
        if wasOnline { notice = Notice(text: "connection lost: " + TextMetrics.clean(reason), shownAt: now) }
        lastDisconnect = TextMetrics.clean(reason)
        return []
    }

    /// The server turned the upgrade away with `reason`: before a session existed the client ends
    /// with it (exit 2, a refusal by the server); during one it is a lost connection, tried again.
    mutating func connectionRefused(reason: String) -> [AppEffect] {
        guard room == nil else { return connectionLost(reason: "the server refused the connection: " + reason) }
        if case .closed = connection { return [] }
        let text = TextMetrics.clean(reason)
        connection = .closed(reason: text)
        return [.exit(.connectionRefused(text))]
    }

    /// Appends a send when online; messages made offline are dropped (votes are kept in `pendingVotes`).
    func sendIfOnline(_ message: ClientMessage) -> [AppEffect] {
        connection.isOnline ? [.send(message)] : []
    }
}
