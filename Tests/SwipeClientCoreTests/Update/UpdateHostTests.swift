import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

/// The host's keys: what each sends, which ask first, the kick picker, and the export written.
@Suite struct UpdateHostTests {
    /// Ann (m1, the host) welcomed into the fixture room.
    static func host(phase: RoomPhase = .voting, pacing: Pacing = .lockstep) -> AppModel {
        var model = AppModel(options: ClientOptions(name: "Ann", entry: .join(room: "K7QM-X4TD-9R", role: nil)),
                             size: TermSize(columns: 80, rows: 24))
        update(&model, .tick(now: 1000))
        update(&model, .connected)
        var welcome = Fixtures.welcome(pacing: pacing)
        welcome.you = "m1"
        welcome.room.phase = phase
        update(&model, .server(.welcome(welcome)))
        return model
    }

    static func host(_ command: HostAction, _ member: MemberID? = nil) -> AppEffect {
        .send(.host(HostCommand(command: command, member: member)))
    }

    /// (phase, keys typed, what is sent)
    static let sends: [(RoomPhase, String, [AppEffect])] = [
        (.lobby, "s", [host(.start)]),
        (.voting, "s", []),
        (.voting, "n", [host(.skip)]),
        (.voting, "Ry", [host(.reveal)]),
        (.voting, "Rn", []),
        (.voting, "Cy", [host(.close)]),
        (.voting, "C\u{1B}", []),
        (.lobby, "K\ry", [host(.kick, "m2")]),
        (.voting, "Kj\ry", [host(.kick, "m3")]),
        (.voting, "Kjj\ry", [host(.kick, "m2")]),
        (.voting, "Kk\ry", [host(.kick, "m3")]),
        (.voting, "K\rn", []),
        (.voting, "e", [host(.export)]),
        (.lobby, "L", [host(.lock)]),
        (.voting, "L", [host(.lock)]),
        (.finished, "Fy", [host(.finalRound)]),
        (.finished, "Ay", [.send(.results), host(.accept)]),
        (.finished, "An", [.send(.results)]),
        (.voting, "A", []),
        (.voting, "F", []),
    ]

    /// The accept prompt names the card that leads (from the results it asked for), and the
    /// finished room's footer and results screen tell the host both ways to a decision.
    @Test func acceptAsksAboutTheLeaderByName() {
        var model = Self.host(phase: .finished)
        update(&model, .key(.character("A")))
        let row = ResultRow(rank: 1, card: "dune", title: "Dune", likes: 2, nopes: 0, superLikes: 0, matched: false, votes: [:])
        update(&model, .server(.results(Results(final: true, ranking: [row]))))
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("Accept \"Dune\" as the group's choice?"), "\(screen)")
        update(&model, .key(.character("n")))
        let results = view(model, size: model.size).plainText
        #expect(results.contains("No choice yet: F plays a final round, A accepts the leader"), "\(results)")
        #expect(results.contains("F final round") && results.contains("A accept"), "\(results)")
        update(&model, .server(.results(Results(final: true, ranking: [row], winner: "dune", decidedBy: .accepted))))
        #expect(view(model, size: model.size).plainText.contains("The group's choice: Dune · the host accepted the leader"))
    }

    /// A free room has no final round: F says so, and only A is offered.
    @Test func aFreeRoomOffersOnlyAccept() {
        var model = Self.host(phase: .finished, pacing: .free)
        #expect(update(&model, .key(.character("F"))).isEmpty)
        #expect(model.notice?.text == "a free room has no final round: A accepts the card that leads")
        let row = ResultRow(rank: 1, card: "dune", title: "Dune", likes: 2, nopes: 0, superLikes: 0, matched: false, votes: [:])
        update(&model, .server(.results(Results(final: true, ranking: [row]))))
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("No choice yet: A accepts the leader"), "\(screen)")
        #expect(!screen.contains("F final round") && screen.contains("A accept"), "\(screen)")
        #expect(update(&model, .key(.character("A"))) == [.send(.results)])
        #expect(update(&model, .key(.character("y"))) == [Self.host(.accept)])
    }

    @Test func lTogglesTheLockAndTheScreenSaysLocked() {
        var model = Self.host(phase: .lobby)
        #expect(update(&model, .key(.character("L"))) == [Self.host(.lock)])
        update(&model, .server(.roomLocked(RoomLock(locked: true))))
        #expect(model.room?.locked == true)
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("lobby · locked"), "\(screen)")
        #expect(screen.contains("locked: no new joins"), "\(screen)")
        #expect(update(&model, .key(.character("L"))) == [Self.host(.unlock)])
        update(&model, .server(.roomLocked(RoomLock(locked: false))))
        #expect(model.room?.locked == nil)
        #expect(!view(model, size: model.size).plainText.contains("locked: no new joins"))
    }

    @Test func theHelpListsTheLockKey() {
        var model = Self.host()
        update(&model, .key(.character("?")))
        let help = view(model, size: model.size).plainText   // 80 × 24: every host key fits
        #expect(help.contains("L         lock / unlock: no new members"), "\(help)")
        #expect(help.contains("lobby: remove anyone's proposal"), "\(help)")
    }

    @Test(arguments: sends)
    func hostKeysSendTheCommandAfterAnyConfirmation(_ phase: RoomPhase, _ keys: String, _ expected: [AppEffect]) {
        var model = Self.host(phase: phase)
        var effects: [AppEffect] = []
        for ch in keys {
            let key: Key = ch == "\r" ? .enter : ch == "\u{1B}" ? .escape : .character(ch)
            effects += update(&model, .key(key))
        }
        #expect(effects == expected)
        #expect(model.hostPrompt == nil)
    }

    @Test func destructiveCommandsAskBeforeSending() {
        var model = Self.host()
        #expect(update(&model, .key(.character("C"))).isEmpty)
        #expect(model.hostPrompt == .confirm(.close, member: nil))
        #expect(view(model, size: model.size).plainText.contains("Close the room for everyone?"))
    }

    @Test func theKickPickerListsTheOthers() {
        var model = Self.host()
        update(&model, .key(.character("K")))
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("▶ Bo") && screen.contains("Cy (offline)") && !screen.contains("▶ Ann"), "\(screen)")
    }

    /// The server hands Bo the room when Ann is gone: he is told, and `s` now starts it.
    @Test func aMemberHandedTheRoomIsToldAndGetsTheHostKeys() {
        var model = Fixtures.model()
        model.room?.phase = .lobby
        #expect(update(&model, .key(.character("s"))).isEmpty)
        update(&model, .server(.memberUpdated(MemberInfo(id: "m1", name: "Ann", role: .member, online: false))))
        update(&model, .server(.memberUpdated(MemberInfo(id: "m2", name: "Bo", role: .host, online: true))))
        #expect(model.isHost)
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("you are the host now"))
        #expect(screen.contains("1 here · 2 away"), "Ann and Cy are offline: \(screen)")
        #expect(screen.contains("press s to start voting"))
        #expect(update(&model, .key(.character("s"))) == [Self.host(.start)])
    }

    @Test func membersHaveNoHostKeys() {
        var model = Fixtures.model()
        for key in ["n", "R", "K", "C", "e"] {
            #expect(update(&model, .key(.character(Character(key)))).isEmpty, "\(key)")
            #expect(model.hostPrompt == nil)
        }
    }

    @Test func helpListsTheHostKeysOnlyForTheHost() {
        var host = Self.host()
        update(&host, .key(.character("?")))
        var member = Fixtures.model()
        update(&member, .key(.character("?")))
        let hostHelp = view(host, size: host.size).plainText, memberHelp = view(member, size: member.size).plainText
        for line in ["remove a member", "close the room", "export results", "reveal the results", "skip the current card"] {
            #expect(hostHelp.contains(line), "\(line)\n\(hostHelp)")
            #expect(!memberHelp.contains(line), "\(line)")
        }
    }

    @Test func theExportAnswerIsWrittenAndReported() {
        var model = Self.host()
        update(&model, .key(.character("e")))
        var results = Fixtures.results
        results.final = false
        #expect(update(&model, .server(.results(results))).isEmpty, "results without csv are not the export")
        results.csv = "rank,card\r\n1,dune\r\n"
        #expect(update(&model, .server(.results(results))) == [.writeExport(results, room: "K7QM-X4TD-9R")])
        #expect(update(&model, .server(.results(results))).isEmpty, "one export per request")
        update(&model, .exported(.written(["/tmp/x/swipe-results-K7QM.csv", "/tmp/x/swipe-results-K7QM.json"])))
        #expect(model.notice?.text == "saved swipe-results-K7QM.csv and .json")
    }

    @Test func theLobbyShowsTheJoinLine() {
        var model = Self.host(phase: .lobby)
        model.options.server = WebSocketURL(scheme: .ws, host: "127.0.0.1", port: 7681)
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("swipe join ws://127.0.0.1:7681/K7QM-X4TD-9R --name NAME"), "\(screen)")
    }

    @Test func theHostWhoClosesTheRoomLeavesWithZero() {
        var model = Self.host()
        let effects = update(&model, .server(.roomClosed(RoomClosed(reason: "closed by the host"))))
        #expect(effects == [.forgetMember(room: "K7QM-X4TD-9R"), .disconnect, .exit(.closedByYou(room: "K7QM-X4TD-9R"))])
        #expect(ClientExit.closedByYou(room: "K7QM-X4TD-9R").status == 0)
    }
}
