import SwipeCore
import SwipeProtocol

/// The lobby's own keys and messages (protocol 4): `a` proposes an option (the editor), `↑`/`↓`
/// pick a proposal, `x` withdraws it (your own, or any as the host); proposals arrive and leave
/// live. And the room's end: a final round's new deck, the winner.
extension AppModel {
    /// The lobby's proposals, oldest first.
    ///
    /// ```swift
    /// model.proposals.map(\.title)   // ["Pho", "Tacos"]
    /// ```
    public var proposals: [Proposal] { room?.proposals ?? [] }

    /// Whether this member may withdraw `proposal`: their own, or any as the host.
    public func mayWithdraw(_ proposal: Proposal) -> Bool { proposal.by == me || isHost }

    /// A lobby key, or nil when `key` is not one here.
    mutating func lobbyKey(_ key: Key) -> [AppEffect]? {
        guard let room, room.phase == .lobby else { return nil }
        switch key {
        case .character("a"):
            guard myInfo?.role.canVote != false else {
                notice = Notice(text: "spectators cannot propose options", shownAt: now)
                return []
            }
            proposalEditor = ProposalEditor()
            return []
        case .up, .character("k"):
            selectedProposal = max(0, min(selectedProposal, proposals.count - 1) - 1)
            return []
        case .down, .character("j"):
            selectedProposal = min(max(0, proposals.count - 1), selectedProposal + 1)
            return []
        case .character("x"):
            guard proposals.indices.contains(selectedProposal) else {
                notice = Notice(text: "no proposal to withdraw", shownAt: now)
                return []
            }
            let proposal = proposals[selectedProposal]
            guard mayWithdraw(proposal) else {
                notice = Notice(text: "\"\(TextMetrics.clean(proposal.title))\" is \(TextMetrics.clean(proposal.byName))'s; only they or the host may remove it", shownAt: now)
                return []
            }
            return sendIfOnline(.withdraw(WithdrawProposal(proposal: proposal.id)))
        case .left, .right, .escape, .enter, .pageUp, .pageDown, .home, .end, .backspace, .interrupt, .character:
            return nil
        }
    }

    /// A key while the proposal editor is open: it takes every key but Ctrl-C.
    mutating func editorKey(_ key: Key, editor: ProposalEditor) -> [AppEffect] {
        var editor = editor
        switch editor.key(key) {
        case .editing:
            proposalEditor = editor
            return []
        case .cancelled:
            proposalEditor = nil
            return []
        case let .submit(option):
            proposalEditor = nil
            guard room?.phase == .lobby else {
                notice = Notice(text: "the host started: the deck is fixed", shownAt: now)
                return []
            }
            guard connection.isOnline else {
                // Keep what was typed: the editor opens again with it, at its title, once the
                // connection is back.
                editor.field = .title
                proposalEditor = editor
                notice = Notice(text: "not connected: \"\(TextMetrics.clean(option.title))\" is kept until the server is back", shownAt: now)
                return []
            }
            return [.send(.propose(option))]
        }
    }

    /// `proposalAdded` and `proposalRemoved`.
    mutating func proposalsChanged(_ message: ServerMessage) {
        switch message {
        case let .proposalAdded(proposal):
            editRoom { room in
                var list = room.proposals ?? []
                if !list.contains(where: { $0.id == proposal.id }) { list.append(proposal) }
                room.proposals = list
            }
            if proposal.by == me { selectedProposal = max(0, proposals.count - 1) }
        case let .proposalRemoved(removed):
            let gone = proposals.first { $0.id == removed.id }
            editRoom { room in
                room.proposals = (room.proposals ?? []).filter { $0.id != removed.id }
                if room.proposals?.isEmpty == true { room.proposals = nil }
            }
            selectedProposal = min(selectedProposal, max(0, proposals.count - 1))
            if let gone, gone.by == me, removed.by != me {
                notice = Notice(text: "the host removed your \"\(TextMetrics.clean(gone.title))\"", shownAt: now)
            }
        default:
            break
        }
    }

    /// A `welcome` that starts a final round the client was not in yet says so.
    mutating func finalRoundWelcomed(previous: FinalRoundInfo?, now round: FinalRoundInfo?) {
        guard let round, round != previous else { return }
        showingResults = false
        winnerBanner = nil
        notice = Notice(text: "final round \(round.round): swipe again over \(round.cards.count) cards until one wins", shownAt: now)
    }

    /// `winner`: every screen shows the same banner until a key is pressed.
    mutating func winnerDecided(_ winner: Winner) {
        editRoom { $0.winner = winner }
        winnerBanner = winner
        banner = nil
    }
}
