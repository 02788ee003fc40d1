import SwipeCore
import SwipeProtocol

/// The checkpoint's stored form: "SDCK", the format version, then every field in order
/// (`CheckpointBytes.swift`). Compact and about 50× faster to decode than Foundation's JSON, which
/// made decoding the kept rooms' checkpoints most of a restart.
extension RoomCheckpoint {
    static let magic: [UInt8] = Array("SDCK".utf8)

    func binary() -> [UInt8] {
        var w = CheckpointWriter()
        w.int(version)
        w.string(code.rawValue)
        w.string(deckName)
        w.array(cards) { w, card in Self.write(card, &w) }
        Self.write(settings, &w)
        w.string(phase.rawValue)
        w.int(currentIndex)
        w.array(matches) { w, card in w.string(card.rawValue) }
        w.array(members) { w, member in
            w.string(member.id.rawValue); w.string(member.name); w.string(member.role.rawValue); w.string(member.token)
            w.bool(member.online)
            w.array(member.voteOrder) { w, card in w.string(card.rawValue) }
            w.array(member.seqs) { w, seq in
                w.int(seq.seq); w.string(seq.card.rawValue); w.optional(seq.vote) { w, vote in w.string(vote.rawValue) }
            }
        }
        w.array(cardsDecided) { w, decided in
            w.string(decided.card.rawValue)
            w.array(decided.votes) { w, vote in w.string(vote.member.rawValue); w.string(vote.vote.rawValue) }
            w.optional(decided.outcome) { w, outcome in w.string(outcome.rawValue) }
        }
        w.int(nextMemberNumber)
        w.bool(hostCreated)
        w.double(lastActivity)
        if version >= 2 { w.array(removedNames) { w, name in w.string(name) } }
        if version >= 3 {
            w.array(proposals) { w, p in w.string(p.id); w.string(p.title); w.string(p.body); w.string(p.by.rawValue); w.string(p.byName) }
            w.int(nextProposalNumber)
            w.array(rounds) { w, round in
                w.int(round.round); w.int(round.firstIndex)
                w.array(round.candidates) { w, card in w.string(card.rawValue) }
            }
            w.optional(winner) { w, winner in w.string(winner.card.rawValue); w.string(winner.decidedBy.rawValue); w.int(winner.round) }
        }
        if version >= 4 { w.bool(locked) }
        if version >= 5 {   // which card has which picture (the pictures themselves are assets loaded at start)
            w.array(cards.indices.filter { cards[$0].picture != nil }) { w, index in
                w.int(index); w.string(cards[index].picture?.file ?? ""); w.optional(cards[index].picture?.etag) { w, tag in w.string(tag) }
            }
        }
        if version >= 6 { w.optional(settings.closesAt) { w, time in w.double(time) } }
        return Self.magic + w.bytes
    }

    init(binary bytes: [UInt8]) throws {
        guard bytes.starts(with: Self.magic) else { throw CheckpointReader.Malformed(description: "not a SwipeDeck checkpoint") }
        var r = CheckpointReader(Array(bytes.dropFirst(Self.magic.count)))
        let version = try r.int()
        guard version <= Self.currentVersion else {
            throw CheckpointReader.Malformed(description: "checkpoint version \(version) was written by a newer swipe-server")
        }
        self.version = version
        code = RoomCode(try r.string())
        deckName = try r.string()
        cards = try r.array { r in try Self.readCard(&r) }
        settings = try Self.readSettings(&r)
        phase = try r.raw(RoomPhase.self)
        currentIndex = try r.int()
        matches = try r.array { r in CardID(try r.string()) }
        members = try r.array { r in
            MemberState(id: MemberID(try r.string()), name: try r.string(), role: try r.raw(Role.self), token: try r.string(),
                        online: try r.bool(), voteOrder: try r.array { r in CardID(try r.string()) },
                        seqs: try r.array { r in
                            SeqState(seq: try r.int(), card: CardID(try r.string()), vote: try r.optional { r in try r.raw(Vote.self) })
                        })
        }
        cardsDecided = try r.array { r in
            CardVotes(card: CardID(try r.string()),
                      votes: try r.array { r in MemberVote(member: MemberID(try r.string()), vote: try r.raw(Vote.self)) },
                      outcome: try r.optional { r in try r.raw(CardOutcome.self) })
        }
        nextMemberNumber = try r.int()
        hostCreated = try r.bool()
        lastActivity = try r.double()
        removedNames = version >= 2 ? try r.array { r in try r.string() } : []
        if version >= 3 {
            proposals = try r.array { r in
                Proposal(id: try r.string(), title: try r.string(), body: try r.string(), by: MemberID(try r.string()), byName: try r.string())
            }
            nextProposalNumber = try r.int()
            rounds = try r.array { r in
                let round = try r.int(), firstIndex = try r.int()
                return FinalRoundState(round: round, candidates: try r.array { r in CardID(try r.string()) }, firstIndex: firstIndex)
            }
            winner = try r.optional { r in
                WinnerState(card: CardID(try r.string()), decidedBy: try r.raw(WinnerReason.self), round: try r.int())
            }
        }
        locked = version >= 4 ? try r.bool() : false
        if version >= 5 {
            let pictures = try r.array { r in (try r.int(), CardPicture(file: try r.string(), etag: try r.optional { r in try r.string() })) }
            for (index, picture) in pictures {
                guard cards.indices.contains(index) else { throw CheckpointReader.Malformed(description: "a picture for card \(index) of \(cards.count)") }
                cards[index].picture = picture
            }
        }
        if version >= 6 { settings.closesAt = try r.optional { r in try r.double() } }
        guard r.isAtEnd else { throw CheckpointReader.Malformed(description: "bytes left after the checkpoint") }
    }

    private static func write(_ card: Card, _ w: inout CheckpointWriter) {
        w.string(card.id.rawValue); w.string(card.title); w.string(card.body)
        w.array(card.tags) { w, tag in w.string(tag) }
        w.optional(card.image.glyph) { w, glyph in w.string(glyph) }
        w.array(card.image.art) { w, line in w.string(line) }
        w.optional(card.image.color) { w, color in
            w.unsigned(UInt64(color.red)); w.unsigned(UInt64(color.green)); w.unsigned(UInt64(color.blue))
        }
    }

    private static func readCard(_ r: inout CheckpointReader) throws -> Card {
        let id = CardID(try r.string()), title = try r.string(), body = try r.string()
        let tags = try r.array { r in try r.string() }
        let glyph = try r.optional { r in try r.string() }
        let art = try r.array { r in try r.string() }
        let color = try r.optional { r in
            RGBColor(red: UInt8(truncatingIfNeeded: try r.unsigned()), green: UInt8(truncatingIfNeeded: try r.unsigned()),
                     blue: UInt8(truncatingIfNeeded: try r.unsigned()))
        }
        return Card(id: id, title: title, body: body, tags: tags, image: CardImage(glyph: glyph, art: art, color: color))
    }

    private static func write(_ settings: RoomSettings, _ w: inout CheckpointWriter) {
        switch settings.rule {
        case .unanimous: w.string("unanimous")
        case .majority: w.string("majority")
        case let .atLeast(likes): w.string("atLeast"); w.int(likes)
        case .approval: w.string("approval")
        }
        w.string(settings.pacing.rawValue)
        w.optional(settings.timerSeconds) { w, seconds in w.double(seconds) }
        w.optional(settings.quorum) { w, quorum in w.int(quorum) }
        w.int(settings.maxMembers)
        w.double(settings.animationLead)
        w.string(settings.layout.rawValue)
    }

    private static func readSettings(_ r: inout CheckpointReader) throws -> RoomSettings {
        let rule: VoteRule
        switch try r.string() {
        case "unanimous": rule = .unanimous
        case "majority": rule = .majority
        case "atLeast": rule = .atLeast(likes: try r.int())
        case "approval": rule = .approval
        case let other: throw CheckpointReader.Malformed(description: "unknown rule \"\(other)\"")
        }
        return RoomSettings(rule: rule, pacing: try r.raw(Pacing.self), timerSeconds: try r.optional { r in try r.double() },
                            quorum: try r.optional { r in try r.int() }, maxMembers: try r.int(), animationLead: try r.double(),
                            layout: try r.raw(RoomLayout.self))
    }
}
