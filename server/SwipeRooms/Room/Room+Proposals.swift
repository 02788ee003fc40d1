import SwipeCore
import SwipeProtocol

/// Options proposed in the lobby: room events like votes, logged and replayed, frozen into the
/// deck when the room leaves the lobby.
extension Room {
    /// Longest proposal title and body, in characters after cleaning (the deck files' limits).
    static let proposalLimits = DeckLimits.standard

    mutating func propose(_ option: ProposeOption, by index: Int, at now: ServerTime) -> [RoomEffect] {
        let member = members[index]
        guard phase == .lobby else {
            return [fail(member.id, .notAllowed, "propose: options can be proposed only in the lobby, before the host starts")]
        }
        guard member.role.canVote else { return [fail(member.id, .notAllowed, "propose: spectators cannot propose options")] }
        let title = TextSanitizer.trimmed(TextSanitizer.clean(option.title))
        let body = TextSanitizer.trimmed(TextSanitizer.cleanMultiline(option.body ?? ""))
        if title.isEmpty { return [fail(member.id, .badField, "propose: field \"title\" is empty")] }
        if title.count > Self.proposalLimits.maxTitleLength {
            return [fail(member.id, .badField, "propose: the title is \(title.count) characters, at most \(Self.proposalLimits.maxTitleLength)")]
        }
        if body.count > Self.proposalLimits.maxBodyLength {
            return [fail(member.id, .badField, "propose: the body is \(body.count) characters, at most \(Self.proposalLimits.maxBodyLength)")]
        }
        let key = OptionTitle.key(title)
        if let card = cards.first(where: { OptionTitle.key($0.title) == key }) {
            return [fail(member.id, .duplicateOption, "propose: \"\(card.title)\" is already in the deck")]
        }
        if let other = proposals.first(where: { OptionTitle.key($0.title) == key }) {
            return [fail(member.id, .duplicateOption, "propose: \(other.byName) already proposed \"\(other.title)\"")]
        }
        if proposalCaps.perRoom == 0 {
            return [fail(member.id, .notAllowed, "propose: this server takes no proposals (it runs with --max-proposals-per-room 0)")]
        }
        if proposals.count(where: { $0.by == member.id }) >= proposalCaps.perMember {
            return [fail(member.id, .tooManyProposals, "propose: you have \(proposalCaps.perMember) proposals, the most a member may have; withdraw one first")]
        }
        if proposals.count >= proposalCaps.perRoom {
            return [fail(member.id, .tooManyProposals, "propose: room \(code) has \(proposalCaps.perRoom) proposals, the most a room may have")]
        }
        if cards.count + proposals.count >= proposalCaps.maxDeck {
            return [fail(member.id, .tooManyProposals, "propose: the deck would have more than \(proposalCaps.maxDeck) cards")]
        }
        let proposal = Proposal(id: "p\(nextProposalNumber)", title: title, body: body, by: member.id, byName: member.name)
        addProposal(proposal)
        return [log(.proposalAdded(proposal: proposal), at: now), .broadcast(.proposalAdded(proposal), except: nil)]
    }

    mutating func withdraw(_ id: String, by index: Int, at now: ServerTime) -> [RoomEffect] {
        let member = members[index]
        guard phase == .lobby else { return [fail(member.id, .notAllowed, "withdraw: the deck is fixed once the host starts")] }
        guard let proposal = proposals.first(where: { $0.id == id }) else {
            return [fail(member.id, .unknownProposal, "withdraw: no proposal \"\(id)\" in room \(code)")]
        }
        guard proposal.by == member.id || member.role == .host else {
            return [fail(member.id, .notAllowed, "withdraw: \"\(proposal.title)\" is \(proposal.byName)'s; only they or the host may remove it")]
        }
        proposals.removeAll { $0.id == id }
        return [log(.proposalWithdrawn(id: id, by: member.id), at: now),
                .broadcast(.proposalRemoved(ProposalRemoved(id: id, by: member.id)), except: nil)]
    }

    /// Records a proposal (live or replayed).
    mutating func addProposal(_ proposal: Proposal) {
        proposals.append(proposal)
        let number = Int(proposal.id.dropFirst()) ?? nextProposalNumber
        nextProposalNumber = max(nextProposalNumber, number + 1)
    }

    /// Leaving the lobby: every proposal still there becomes a card at the end of the deck, with an
    /// id made from its title (unique in the deck) and its author as a tag. Returns whether the
    /// deck changed (then every screen needs the new one).
    mutating func freezeProposals() -> Bool {
        guard !proposals.isEmpty else { return false }
        for proposal in proposals {
            let base = DeckLoader.slug(proposal.title) ?? "option-\(proposal.id)"
            var id = base
            var suffix = 2
            while cardIndex[CardID(id)] != nil {
                id = "\(base)-\(suffix)"
                suffix += 1
            }
            appendCard(Card(id: CardID(id), title: proposal.title, body: proposal.body, tags: ["by \(proposal.byName)"]))
        }
        proposals = []
        return true
    }

    /// Adds a card at the end of the deck.
    mutating func appendCard(_ card: Card) {
        cards.append(card)
        if cardIndex[card.id] == nil { cardIndex[card.id] = cards.count - 1 }
    }

    /// Every online member's full snapshot again: after the deck changed under them (proposals
    /// frozen into it, a final round begun), in every protocol version.
    func welcomeEveryone(at now: ServerTime) -> [RoomEffect] {
        members.filter(\.online).map { .send(.welcome(welcome(for: $0.id, at: now)), to: $0.id) }
    }
}
