import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeRooms

/// Options proposed in the lobby: who may, what is refused, and how `start` makes them cards.
@Suite struct RoomProposalTests {
    /// A lockstep room with no deck, Ann hosting, Bo and Cy members, Spy watching.
    static func lobby(caps: ProposalCaps = ProposalCaps(perMember: 2, perRoom: 4)) -> RoomHarness {
        var limits = RegistryLimits()
        limits.proposalCaps = caps
        var h = RoomHarness(CreateRoom(name: "Ann", rule: .majority, pacing: .lockstep), limits: limits)
        h.join("Bo")
        h.join("Cy")
        h.join("Spy", role: .spectator)
        return h
    }

    static func propose(_ title: String, body: String? = nil) -> ClientMessage { .propose(ProposeOption(title: title, body: body)) }

    @Test func aProposalReachesEveryoneWithItsAuthor() throws {
        var h = Self.lobby()
        h.send("m2", Self.propose("Pho", body: "Vietnamese\nnoodle soup"))
        let expected = Proposal(id: "p1", title: "Pho", body: "Vietnamese\nnoodle soup", by: "m2", byName: "Bo")
        for member in ["m1", "m2", "m3", "m4"] as [MemberID] {
            #expect(h.received(member, "proposalAdded").isEmpty, "protocol 1 never gets proposalAdded")
        }
        #expect(h.effects.contains(.broadcast(.proposalAdded(expected), except: nil)))
        #expect(h.log.last == .proposalAdded(proposal: expected))
        let room = try #require(h.room)
        #expect(room.welcome(for: "m3", at: 0).room.proposals == [expected])
    }

    /// (who, message, error code, words in the message)
    static let refusals: [(MemberID, ClientMessage, ErrorCode, String)] = [
        ("m2", propose(""), .badField, "\"title\" is empty"),
        ("m2", propose("\u{1B}[2J  "), .badField, "\"title\" is empty"),
        ("m2", propose(String(repeating: "x", count: 201)), .badField, "at most 200"),
        ("m2", propose("Ok", body: String(repeating: "y", count: 2001)), .badField, "at most 2000"),
        ("m4", propose("Spy pick"), .notAllowed, "spectators"),
        ("m3", propose("  PHO "), .duplicateOption, "Bo already proposed \"Pho\""),
        ("m3", propose("Cur ry"), .duplicateOption, "Bo already proposed \"Curry\""),
        ("m2", propose("Tacos"), .tooManyProposals, "you have 2 proposals"),
        ("m3", .withdraw(WithdrawProposal(proposal: "p1")), .notAllowed, "Bo's; only they or the host"),
        ("m3", .withdraw(WithdrawProposal(proposal: "p9")), .unknownProposal, "no proposal \"p9\""),
    ]

    @Test(arguments: refusals) func refusalsSayWhy(_ member: MemberID, _ message: ClientMessage, _ code: ErrorCode, _ text: String) throws {
        var h = Self.lobby()
        h.send("m2", Self.propose("Pho"))
        h.send("m2", Self.propose("Curry"))
        let before = h.room?.proposals
        h.send(member, message)
        let error = try #require(h.lastError(member))
        #expect(error.code == code)
        #expect(error.message.contains(text), "\(error.message)")
        #expect(h.room?.proposals == before, "a refusal changed the proposals")
    }

    @Test func theRoomCapCountsEveryonesProposals() throws {
        var h = Self.lobby()
        for (member, title) in [("m2", "A"), ("m2", "B"), ("m3", "C"), ("m3", "D")] as [(MemberID, String)] { h.send(member, Self.propose(title)) }
        h.send("m1", Self.propose("E"))
        #expect(try #require(h.lastError("m1")).message.contains("room \(h.code) has 4 proposals"))
    }

    @Test func aServerThatTakesNoProposalsSaysSo() throws {
        var h = Self.lobby(caps: ProposalCaps(perMember: 5, perRoom: 0))
        h.send("m2", Self.propose("Pho"))
        let error = try #require(h.lastError("m2"))
        #expect(error.code == .notAllowed)
        #expect(error.message == "propose: this server takes no proposals (it runs with --max-proposals-per-room 0)")
    }

    @Test func aDuplicateOfADeckCardIsRefused() throws {
        var h = RoomHarness(CreateRoom(name: "Ann", deck: "movies"))
        h.send("m1", Self.propose("dune"))
        #expect(try #require(h.lastError("m1")).message == "propose: \"Dune\" is already in the deck")
    }

    @Test func authorsWithdrawTheirOwnAndTheHostRemovesAny() throws {
        var h = Self.lobby()
        h.send("m2", Self.propose("Pho"))
        h.send("m3", Self.propose("Tacos"))
        h.send("m3", Self.propose("Curry"))
        h.send("m2", .withdraw(WithdrawProposal(proposal: "p1")))
        #expect(h.effects.contains(.broadcast(.proposalRemoved(ProposalRemoved(id: "p1", by: "m2")), except: nil)))
        h.send("m1", .withdraw(WithdrawProposal(proposal: "p2")))
        #expect(h.log.suffix(2) == [.proposalWithdrawn(id: "p1", by: "m2"), .proposalWithdrawn(id: "p2", by: "m1")])
        #expect(h.room?.proposals.map(\.title) == ["Curry"])
        // A withdrawn title may be proposed again, under a new id.
        h.send("m2", Self.propose("pho"))
        #expect(h.room?.proposals.map(\.id) == ["p3", "p4"])
    }

    @Test func startFreezesTheProposalsIntoTheDeckAndWelcomesEveryone() throws {
        var h = Self.lobby()
        h.send("m2", Self.propose("Pho", body: "soup"))
        h.send("m3", Self.propose("Tacos"))
        h.send("m3", Self.propose("Curry"))
        h.send("m3", .withdraw(WithdrawProposal(proposal: "p3")))
        h.inbox = [:]
        h.send("m1", .host(HostCommand(command: .start)))
        let room = try #require(h.room)
        #expect(room.cards.map(\.id) == ["pho", "tacos"])
        #expect(room.cards.map(\.tags) == [["by Bo"], ["by Cy"]])
        #expect(room.cards[0].body == "soup")
        #expect(room.proposals.isEmpty)
        for member in ["m1", "m2", "m3", "m4"] as [MemberID] {
            let welcome = try #require(h.welcome(member), "\(member) got no fresh welcome")
            #expect(welcome.room.visible.map(\.title) == ["Pho", "Tacos"])
            #expect(welcome.room.phase == .voting)
            #expect(welcome.room.proposals == nil)
        }
        // Proposing after the start is refused; the deck stays as frozen.
        h.send("m2", Self.propose("Ramen"))
        #expect(try #require(h.lastError("m2")).code == .notAllowed)
        #expect(h.room?.cards.count == 2)
    }

    @Test func frozenIdsAvoidTheDecksOwn() throws {
        var h = RoomHarness(CreateRoom(name: "Ann", cards: [Card(id: "pho", title: "Phở (the deck's)")], pacing: .lockstep))
        h.send("m1", Self.propose("Pho"))
        h.send("m1", Self.propose("東京"))
        h.send("m1", .host(HostCommand(command: .start)))
        #expect(h.room?.cards.map(\.id.rawValue) == ["pho", "pho-2", "option-p2"])
    }

    @Test func anEmptyDeckCannotStart() throws {
        var h = Self.lobby()
        h.send("m1", .host(HostCommand(command: .start)))
        #expect(try #require(h.lastError("m1")).message == "host start: the deck is empty; propose options first")
        #expect(h.room?.phase == .lobby)
    }

    @Test func revealInTheLobbyFreezesToo() throws {
        var h = Self.lobby()
        h.send("m2", Self.propose("Pho"))
        h.send("m1", .host(HostCommand(command: .reveal)))
        #expect(h.room?.phase == .finished)
        #expect(h.room?.cards.map(\.title) == ["Pho"])
        #expect(h.room?.checkInvariants() == [])
    }

    @Test func proposalsSurviveTheLogAndACheckpoint() throws {
        var h = Self.lobby()
        h.send("m2", Self.propose("Pho"))
        h.send("m3", Self.propose("Tacos"))
        h.send("m2", .withdraw(WithdrawProposal(proposal: "p1")))
        let room = try #require(h.room)
        let records = h.log.map { LogRecord(at: 0, room: h.code, event: $0) }
        let fromLog = try Room.restore(from: records)
        #expect(fromLog.durableState == room.durableState)
        let fromCheckpoint = Room(restoring: try RoomCheckpoint.decoded(room.checkpoint.encoded()))
        #expect(fromCheckpoint.durableState == room.durableState)
        // And once started, from either.
        h.send("m1", .host(HostCommand(command: .start)))
        let started = try #require(h.room)
        let all = h.log.map { LogRecord(at: 0, room: h.code, event: $0) }
        #expect(try Room.restore(from: all).durableState == started.durableState)
        let tail = Array(all.dropFirst(records.count))
        #expect(try Room.restore(checkpoint: room.checkpoint, tail: tail).durableState == started.durableState)
    }
}
