import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// The lobby's keys and messages: proposing, withdrawing, the host's removal, the final round's
/// fresh deck and the winner.
@Suite struct UpdateLobbyTests {
    /// A member (`me`) welcomed into the fixture room in `phase`.
    static func member(_ me: MemberID = "m2", phase: RoomPhase = .lobby, proposals: [Proposal]? = nil) -> AppModel {
        var model = AppModel(options: ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil)),
                             size: TermSize(columns: 80, rows: 24))
        update(&model, .tick(now: 1000))
        update(&model, .connected)
        var welcome = Fixtures.welcome()
        welcome.you = me
        welcome.room.phase = phase
        welcome.room.proposals = proposals
        update(&model, .server(.welcome(welcome)))
        return model
    }

    static let pho = Proposal(id: "p1", title: "Pho", body: "", by: "m2", byName: "Bo")
    static let tacos = Proposal(id: "p2", title: "Tacos", body: "", by: "m3", byName: "Cy")

    static func type(_ model: inout AppModel, _ text: String) -> [AppEffect] {
        var effects: [AppEffect] = []
        for ch in text {
            let key: Key = ch == "\r" ? .enter : ch == "\u{1B}" ? .escape : .character(ch)
            effects += update(&model, .key(key))
        }
        return effects
    }

    @Test func aOpensTheEditorAndEnterTwiceProposes() {
        var model = Self.member()
        #expect(Self.type(&model, "a").isEmpty)
        #expect(model.proposalEditor != nil)
        // While the editor is open, q and s are text, not quit and start.
        let effects = Self.type(&model, "qs Pho\rsoup\r")
        #expect(effects == [.send(.propose(ProposeOption(title: "qs Pho", body: "soup")))])
        #expect(model.proposalEditor == nil)
    }

    @Test func ctrlCQuitsEvenWhileTyping() {
        var model = Self.member()
        _ = Self.type(&model, "aPh")
        #expect(update(&model, .key(.interrupt)) == [.disconnect, .exit(.quit)])
    }

    @Test func proposalsArriveAndLeaveLive() {
        var model = Self.member()
        update(&model, .server(.proposalAdded(Self.pho)))
        update(&model, .server(.proposalAdded(Self.tacos)))
        update(&model, .server(.proposalAdded(Self.tacos)))   // a repeat changes nothing
        #expect(model.proposals == [Self.pho, Self.tacos])
        update(&model, .server(.proposalRemoved(ProposalRemoved(id: "p1", by: "m1"))))
        #expect(model.proposals == [Self.tacos])
        #expect(model.notice?.text == "the host removed your \"Pho\"")
    }

    /// (me, keys: pick and withdraw, what is sent)
    static let withdrawals: [(MemberID, String, [AppEffect])] = [
        ("m2", "x", [.send(.withdraw(WithdrawProposal(proposal: "p1")))]),   // my own, selected first
        ("m2", "jx", []),                                                    // Cy's: not mine
        ("m1", "jx", [.send(.withdraw(WithdrawProposal(proposal: "p2")))]),  // the host removes any
        ("m1", "jkx", [.send(.withdraw(WithdrawProposal(proposal: "p1")))]),
    ]

    @Test(arguments: withdrawals) func withdrawingIsForTheAuthorOrTheHost(_ me: MemberID, _ keys: String, _ expected: [AppEffect]) {
        var model = Self.member(me, proposals: [Self.pho, Self.tacos])
        #expect(Self.type(&model, keys) == expected)
    }

    @Test func aFinalRoundsWelcomeLeavesTheResultsAndSaysSo() {
        var model = Self.member(phase: .finished)
        model.showingResults = true
        var welcome = Fixtures.welcome()
        welcome.you = "m2"
        welcome.room.finalRound = FinalRoundInfo(round: 1, cards: ["dune", "alien"])
        update(&model, .server(.welcome(welcome)))
        #expect(!model.showingResults)
        #expect(model.notice?.text == "final round 1: swipe again over 2 cards until one wins")
    }

    @Test func theWinnerStaysUntilAKey() {
        var model = Self.member(phase: .finished)
        let winner = Winner(card: Card(id: "dune", title: "Dune"), decidedBy: .votes, round: 1)
        update(&model, .server(.winner(winner)))
        #expect(model.winnerBanner == winner)
        #expect(model.room?.winner == winner)
        update(&model, .tick(now: 60_000))
        #expect(model.winnerBanner == winner)
        update(&model, .key(.escape))
        #expect(model.winnerBanner == nil)
    }

    @Test func theHostsFFinalRoundAsksFirst() {
        var model = Self.member("m1", phase: .finished)
        #expect(Self.type(&model, "Fy") == [.send(.host(HostCommand(command: .finalRound)))])
        var voting = Self.member("m1", phase: .voting)
        #expect(Self.type(&voting, "F").isEmpty)
        #expect(voting.notice?.text.contains("once the deck is done") == true)
    }
}

extension UpdateLobbyTests {
    @Test func aProposalTypedWhileOfflineIsKept() {
        var model = Self.member()
        update(&model, .disconnected(reason: "connection lost"))
        let effects = Self.type(&model, "aPho\r\r")
        #expect(effects.isEmpty)
        #expect(model.proposalEditor?.title == "Pho")
        #expect(model.notice?.text == "not connected: \"Pho\" is kept until the server is back")
    }
}
