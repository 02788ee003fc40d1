/// What each protocol version is sent for one message of the current version.
extension ServerMessage {
    /// Whether a connection of an older `version` is sent something else than this message
    /// (a `cardResolved` that carries its animations or match, to a version below 3; nothing at
    /// all for protocol 4's proposals, winner and lock, to a version below 4).
    ///
    /// ```swift
    /// resolved.differs(forProtocol: 2)   // true when it carries animations or a matched card
    /// ```
    public func differs(forProtocol version: Int) -> Bool {
        switch self {
        case let .cardResolved(resolved):
            return version < ProtocolVersion.oneMessagePerResolution && (resolved.animations != nil || resolved.matched != nil)
        case .proposalAdded, .proposalRemoved, .roomLocked, .pictureReceived:
            return version < ProtocolVersion.proposalsAndFinalRounds
        case let .winner(winner):
            return version < ProtocolVersion.proposalsAndFinalRounds || winner.decidedBy.asSent(toProtocol: version) != winner.decidedBy
        case let .results(results):
            return results.decidedBy.map { $0.asSent(toProtocol: version) != $0 } ?? false
        case let .welcome(welcome):
            return welcome.room.winner.map { $0.decidedBy.asSent(toProtocol: version) != $0.decidedBy } ?? false
        case .memberJoined, .memberUpdated, .memberLeft, .memberOnline, .memberOffline, .phase, .cardState, .animation,
             .voteAccepted, .tally, .match, .pong, .roomClosed, .error:
            return false
        }
    }

    /// The messages a connection of `version` gets for this one, in order. Protocol 3 carries a
    /// resolution's animations and match inside `cardResolved`; versions 1 and 2 get the
    /// animations first, then the `cardResolved` without them, then the `match`: the order the
    /// server sent them in before protocol 3. Every other message is sent as it is.
    ///
    /// ```swift
    /// ServerMessage.cardResolved(resolved).asSent(toProtocol: 2)
    /// // [.animation(flyOff), .animation(reflow), …, .cardResolved(plain), .match(Match(card: dune, tally: …))]
    /// ServerMessage.cardResolved(resolved).asSent(toProtocol: 3)   // [.cardResolved(resolved)]
    /// ServerMessage.winner(winner).asSent(toProtocol: 3)           // []: protocol 4's messages are not sent to older versions
    /// ```
    public func asSent(toProtocol version: Int) -> [ServerMessage] {
        guard differs(forProtocol: version) else { return [self] }
        switch self {
        case var .winner(winner) where version >= ProtocolVersion.proposalsAndFinalRounds:
            winner.decidedBy = winner.decidedBy.asSent(toProtocol: version)
            return [.winner(winner)]
        case var .results(results):
            results.decidedBy = results.decidedBy?.asSent(toProtocol: version)
            return [.results(results)]
        case var .welcome(welcome):
            if let reason = welcome.room.winner?.decidedBy { welcome.room.winner?.decidedBy = reason.asSent(toProtocol: version) }
            return [.welcome(welcome)]
        default:
            break
        }
        guard case var .cardResolved(resolved) = self else { return [] }
        var messages = (resolved.animations ?? []).map(ServerMessage.animation)
        let matched = resolved.matched
        resolved.animations = nil
        resolved.matched = nil
        messages.append(.cardResolved(resolved))
        if let matched { messages.append(.match(Match(card: matched, tally: resolved.tally))) }
        return messages
    }
}
