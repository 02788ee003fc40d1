/// Which protocol version each client message needs.
extension ClientMessage {
    /// The first protocol version that has this message: `propose`, `withdraw`, `picture` and the host's
    /// `finalRound`, `accept`, `lock` and `unlock` are protocol 4's; everything else is in every
    /// version. A connection of an older version that sends one is refused (`notAllowed`, see
    /// `refusal(forProtocol:)`): the answers that would acknowledge it (`proposalAdded`,
    /// `proposalRemoved`, `winner`, `roomLocked`, `pictureReceived`) are never sent to older versions.
    ///
    /// ```swift
    /// ClientMessage.propose(ProposeOption(title: "Pho")).introducedIn      // 4
    /// ClientMessage.host(HostCommand(command: .reveal)).introducedIn       // 1
    /// ```
    public var introducedIn: Int {
        switch self {
        case .propose, .withdraw, .picture:
            return ProtocolVersion.proposalsAndFinalRounds
        case let .host(command):
            switch command.command {
            case .finalRound, .accept, .lock, .unlock: return ProtocolVersion.proposalsAndFinalRounds
            case .start, .skip, .reveal, .kick, .close, .export: return 1
            }
        case let .create(request):
            return request.closesAt == nil ? 1 : ProtocolVersion.closingTimes
        case .join, .drag, .swipe, .undo, .results, .ping:
            return 1
        }
    }

    /// The refusal a connection of `version` gets for this message, or nil when its version has it.
    ///
    /// ```swift
    /// ClientMessage.propose(ProposeOption(title: "Pho")).refusal(forProtocol: 3)?.message
    /// // "propose: needs protocol 4 (subprotocol swipedeck.v4); this connection speaks protocol 3"
    /// ```
    public func refusal(forProtocol version: Int) -> ProtocolError? {
        let needed = introducedIn
        guard version < needed else { return nil }
        let name: String
        if case let .host(command) = self { name = "host \(command.command.rawValue)" } else { name = type }
        return ProtocolError(.notAllowed, "\(name): needs protocol \(needed) (subprotocol swipedeck.v\(needed)); "
                             + "this connection speaks protocol \(version)")
    }
}
