import SwipeCore
import SwipeProtocol

/// A room's durable state as one value: what the store keeps beside the log so that a restart
/// loads it and replays only the records after it (`Room.checkpoint`, `Room(restoring:)`). Holds
/// exactly what the log makes durable (`DurableRoomState`) plus the time of the last activity.
///
/// ```swift
/// let saved = room.checkpoint
/// let bytes = saved.encoded()
/// let back = try Room(restoring: RoomCheckpoint.decoded(bytes), maxMembers: 64)
/// ```
public struct RoomCheckpoint: Hashable, Sendable {
    struct MemberState: Hashable, Sendable {
        var id: MemberID, name: String, role: Role, token: String, online: Bool
        var voteOrder: [CardID]
        var seqs: [SeqState]
    }

    struct SeqState: Hashable, Sendable {
        var seq: Int, card: CardID, vote: Vote?
    }

    struct CardVotes: Hashable, Sendable {
        var card: CardID
        var votes: [MemberVote]
        var outcome: CardOutcome?
    }

    struct MemberVote: Hashable, Sendable {
        var member: MemberID, vote: Vote
    }

    /// The format of this value; a larger one on disk was written by a newer server.
    /// 2 added `removedNames`; 3 the lobby's proposals, the final rounds and the winner; 4 `locked`;
    /// 5 which card has which picture (file and ETag); 6 the room's closing time.
    static let currentVersion = 6

    var version = RoomCheckpoint.currentVersion
    /// The room this is the state of (a store keys it by this).
    public internal(set) var code: RoomCode
    var deckName: String, cards: [Card], settings: RoomSettings
    var phase: RoomPhase, currentIndex: Int, matches: [CardID]
    var members: [MemberState]
    /// Cards with votes or an outcome, in deck order.
    var cardsDecided: [CardVotes]
    var nextMemberNumber: Int, hostCreated: Bool, lastActivity: ServerTime
    /// Names of members the host removed (`Room.nameKey`), sorted; empty before version 2.
    var removedNames: [String] = []
    /// Version 3: the lobby's proposals, the next proposal's number, the final rounds and the winner.
    var proposals: [Proposal] = []
    var nextProposalNumber = 1
    var rounds: [FinalRoundState] = []
    var winner: WinnerState?
    /// Version 4: the host locked the room (false before).
    var locked = false

    /// The stored form (binary: `RoomCheckpoint+Binary.swift`).
    ///
    /// ```swift
    /// let bytes = room.checkpoint.encoded()
    /// ```
    public func encoded() -> [UInt8] { binary() }

    /// Decodes `encoded()`; the error names the room.
    ///
    /// ```swift
    /// let checkpoint = try RoomCheckpoint.decoded(bytes, room: "K7QM-X4TD-9R")
    /// ```
    public static func decoded(_ bytes: [UInt8], room: RoomCode = "") throws -> RoomCheckpoint {
        do {
            return try RoomCheckpoint(binary: bytes)
        } catch {
            throw RestoreError(room: room, record: 0, message: "the room's checkpoint is not one this server reads: \(error)")
        }
    }
}

extension Room {
    /// The room's durable state now.
    ///
    /// ```swift
    /// let saved = room.checkpoint
    /// ```
    public var checkpoint: RoomCheckpoint {
        let decided = cards.enumerated().compactMap { index, card -> RoomCheckpoint.CardVotes? in
            let cardVotes = votes[card.id] ?? [:]
            guard cardIndex[card.id] == index, !cardVotes.isEmpty || outcomes[card.id] != nil else { return nil }
            return .init(card: card.id, votes: cardVotes.sorted { $0.key < $1.key }.map { .init(member: $0.key, vote: $0.value) },
                         outcome: outcomes[card.id])
        }
        return RoomCheckpoint(
            code: code, deckName: deckName, cards: cards, settings: settings, phase: phase, currentIndex: currentIndex,
            matches: matches,
            members: members.map { member in
                // Online as the log has it: a member still expected back was not logged gone yet.
                .init(id: member.id, name: member.name, role: member.role, token: member.token,
                      online: member.online || member.awaitingReturn,
                      voteOrder: member.voteOrder.cards(in: cards),
                      seqs: member.appliedSeqs.sorted { $0.key < $1.key }.map { .init(seq: $0.key, card: $0.value.card, vote: $0.value.vote) })
            },
            cardsDecided: decided, nextMemberNumber: nextMemberNumber, hostCreated: hostCreated, lastActivity: lastActivity,
            removedNames: removedNames.sorted(), proposals: proposals, nextProposalNumber: nextProposalNumber, rounds: rounds,
            winner: winner, locked: locked)
    }

    /// The room a checkpoint holds, with the server's current `maxMembers` and `animationLead`
    /// (not part of the room's durable state). Replay the log records after it with `replay(_:)`.
    ///
    /// ```swift
    /// var room = Room(restoring: checkpoint, maxMembers: 64)
    /// ```
    public init(restoring checkpoint: RoomCheckpoint, maxMembers: Int = RoomSettings().maxMembers,
                animationLead: ServerTime = RoomSettings.defaultAnimationLead) {
        var settings = checkpoint.settings
        settings.maxMembers = maxMembers
        settings.animationLead = animationLead
        self.init(code: checkpoint.code, deckName: checkpoint.deckName, cards: checkpoint.cards, settings: settings,
                  at: checkpoint.lastActivity)
        phase = checkpoint.phase
        currentIndex = checkpoint.currentIndex
        matches = checkpoint.matches
        members = checkpoint.members.map { state in
            Member(id: state.id, name: state.name, role: state.role, token: state.token, online: state.online,
                   voteOrder: VoteOrder(state.voteOrder, positions: cardIndex),
                   appliedSeqs: Dictionary(state.seqs.map { ($0.seq, AppliedSeq(card: $0.card, vote: $0.vote)) },
                                           uniquingKeysWith: { _, last in last }))
        }
        for decided in checkpoint.cardsDecided {
            if !decided.votes.isEmpty {
                votes[decided.card] = Dictionary(decided.votes.map { ($0.member, $0.vote) }, uniquingKeysWith: { _, last in last })
            }
            if let outcome = decided.outcome { outcomes[decided.card] = outcome }
        }
        nextMemberNumber = checkpoint.nextMemberNumber
        hostCreated = checkpoint.hostCreated
        removedNames = Set(checkpoint.removedNames)
        proposals = checkpoint.proposals
        nextProposalNumber = checkpoint.nextProposalNumber
        rounds = checkpoint.rounds
        winner = checkpoint.winner
        locked = checkpoint.locked
    }
}
