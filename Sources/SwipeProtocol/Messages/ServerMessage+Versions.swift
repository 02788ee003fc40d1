/// What each protocol version is sent for one message of the current version.
extension ServerMessage {
    /// Whether a connection of an older `version` is sent something else than this message
    /// (a `cardResolved` that carries its animations or match, to a version below 3).
    ///
    /// ```swift
    /// resolved.differs(forProtocol: 2)   // true when it carries animations or a matched card
    /// ```
    public func differs(forProtocol version: Int) -> Bool {
        guard version < ProtocolVersion.oneMessagePerResolution, case let .cardResolved(resolved) = self else { return false }
        return resolved.animations != nil || resolved.matched != nil
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
    /// ```
    public func asSent(toProtocol version: Int) -> [ServerMessage] {
        guard differs(forProtocol: version), case var .cardResolved(resolved) = self else { return [self] }
        var messages = (resolved.animations ?? []).map(ServerMessage.animation)
        let matched = resolved.matched
        resolved.animations = nil
        resolved.matched = nil
        messages.append(.cardResolved(resolved))
        if let matched { messages.append(.match(Match(card: matched, tally: resolved.tally))) }
        return messages
    }
}
