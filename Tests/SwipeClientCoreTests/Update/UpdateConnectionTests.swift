import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClientCore

@Suite struct UpdateConnectionTests {
    static func fresh(_ entry: ClientOptions.Entry = .join(room: "K7QM-X4TD-9R", role: nil)) -> AppModel {
        AppModel(options: ClientOptions(name: "Bo", entry: entry), size: TermSize(columns: 80, rows: 24))
    }

    @Test func firstTickConnects() {
        var model = Self.fresh()
        #expect(update(&model, .tick(now: 5)) == [.connect])
        #expect(update(&model, .tick(now: 6)).isEmpty)
    }

    @Test func connectedJoinsByCode() {
        var model = Self.fresh()
        update(&model, .tick(now: 0))
        #expect(update(&model, .connected) == [.send(.join(JoinRoom(room: "K7QM-X4TD-9R", name: "Bo")))])
        #expect(model.connection == .joining(attempt: 1))
    }

    @Test func connectedCreatesWhenAskedTo() {
        let create = CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .free)
        var model = Self.fresh(.create(create))
        update(&model, .tick(now: 0))
        #expect(update(&model, .connected) == [.send(.create(create))])
    }

    @Test func droppedConnectionBacksOffThenReconnectsWithTheResumeToken() {
        var model = Fixtures.model()
        update(&model, .disconnected(reason: "peer went away"))
        #expect(model.connection == .reconnecting(attempt: 1, retryAt: 1000 + 250))
        #expect(model.connection.label == "reconnecting…")
        #expect(update(&model, .tick(now: 1200)).isEmpty)
        #expect(update(&model, .tick(now: 1250)) == [.connect])
        #expect(update(&model, .connected) == [.send(.join(JoinRoom(room: "K7QM-X4TD-9R", name: "Bo", role: .member, token: "tok-1")))])
        update(&model, .disconnected(reason: "refused"))
        #expect(model.connection == .reconnecting(attempt: 2, retryAt: 1250 + 500))
    }

    @Test(arguments: [(1, 250.0), (2, 500.0), (3, 1000.0), (5, 4000.0), (9, 5000.0)])
    func backoffGrowsAndCaps(_ attempt: Int, _ ms: Double) {
        #expect(ConnectionStatus.backoff(attempt: attempt) == ms)
    }

    @Test func aVoteMadeWhileOfflineIsKeptAndResentAfterWelcome() {
        var model = Fixtures.model()
        update(&model, .disconnected(reason: "gone"))
        #expect(update(&model, .key(.right)).isEmpty)
        #expect(model.pendingVotes.count == 1)
        update(&model, .tick(now: 2000))
        update(&model, .connected)
        let effects = update(&model, .server(.welcome(Fixtures.welcome())))
        #expect(effects == [.rememberMember(room: "K7QM-X4TD-9R", token: "tok-1"),
                            .send(.swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))])
        update(&model, .server(.voteAccepted(VoteAccepted(card: "dune", vote: .like, seq: 1))))
        #expect(model.pendingVotes.isEmpty)
        #expect(model.room?.myVotes["dune"] == .like)
    }

    @Test func aPendingVoteTheServerAlreadyHasIsNotResent() {
        var model = Fixtures.model()
        update(&model, .disconnected(reason: "gone"))
        update(&model, .key(.right))
        var welcome = Fixtures.welcome()
        welcome.room.myVotes = ["dune": .like]
        #expect(update(&model, .server(.welcome(welcome))) == [.rememberMember(room: "K7QM-X4TD-9R", token: "tok-1")])
        #expect(model.pendingVotes.isEmpty)
    }

    @Test func pingsEveryFiveSecondsWhileOnline() {
        var model = Fixtures.model()
        #expect(update(&model, .tick(now: 1001)) == [.send(.ping(Ping(t: 1001)))])
        #expect(update(&model, .tick(now: 3000)).isEmpty)
        #expect(update(&model, .tick(now: 6001)) == [.send(.ping(Ping(t: 6001)))])
    }

    @Test func garbledServerFramesShowACleanNotice() {
        var model = Fixtures.model()
        update(&model, .serverGarbled("bad \u{1B}[2Jthing"))
        #expect(model.notice?.text == "bad message from server: bad thing")
    }

    @Test(arguments: [("kicked", ClientExit.kicked(room: "K7QM-X4TD-9R"), Int32(4)),
                      ("closed by the host", ClientExit.roomClosed(room: "K7QM-X4TD-9R", reason: "closed by the host"), Int32(5))])
    func aClosedRoomShowsTheEndUntilAKeyThenExits(_ reason: String, _ ending: ClientExit, _ status: Int32) {
        var model = Fixtures.model()
        #expect(update(&model, .server(.roomClosed(RoomClosed(reason: reason)))) == [.forgetMember(room: "K7QM-X4TD-9R"), .disconnect])
        #expect(model.connection == .closed(reason: reason))
        #expect(model.ended == ending)
        #expect(update(&model, .disconnected(reason: "bye")).isEmpty)
        #expect(update(&model, .tick(now: 99_999)).isEmpty)
        #expect(update(&model, .key(.right)) == [.exit(ending)])
        #expect(ending.status == status)
    }

    @Test func noticesAndBannersExpire() {
        var model = Fixtures.model()
        update(&model, .server(.match(Match(card: Fixtures.cards[0], tally: Tally(card: "dune")))))
        update(&model, .server(.error(ProtocolError(.notAllowed, "no"))))
        update(&model, .tick(now: 1000 + 3000))
        #expect(model.banner != nil && model.notice != nil)
        update(&model, .tick(now: 1000 + 4001))
        #expect(model.banner == nil && model.notice == nil)
    }

    /// Removed by the host while the connection was down: the resume is refused, and the client
    /// ends as kicked (exit 4) instead of joining again as someone new.
    @Test func aResumeRefusedDuringASessionEndsItAsRemoved() {
        var model = Fixtures.model()
        update(&model, .disconnected(reason: "gone"))
        update(&model, .tick(now: 1300))
        update(&model, .connected)
        let effects = update(&model, .server(.error(ProtocolError(.badToken, "join: unknown token"))))
        #expect(effects == [.forgetMember(room: "K7QM-X4TD-9R"), .disconnect])
        #expect(model.token == nil)
        #expect(model.ended == .kicked(room: "K7QM-X4TD-9R"))
        #expect(model.ended?.status == 4)
    }

    /// A member this machine kept: the first join resumes them; a token the server no longer
    /// knows is forgotten and the join goes on as someone new.
    @Test func theFirstJoinResumesAKeptMemberAndForgetsOneTheServerRefuses() {
        var options = ClientOptions(name: "Bo", entry: .join(room: "K7QM-X4TD-9R", role: nil))
        options.resumeToken = "ab12"
        var model = AppModel(options: options, size: TermSize(columns: 80, rows: 24))
        update(&model, .tick(now: 0))
        #expect(update(&model, .connected) == [.send(.join(JoinRoom(room: "K7QM-X4TD-9R", name: "Bo", token: "ab12")))])
        let refused = update(&model, .server(.error(ProtocolError(.badToken, "join: the resume token is not valid"))))
        #expect(refused == [.forgetMember(room: "K7QM-X4TD-9R"), .send(.join(JoinRoom(room: "K7QM-X4TD-9R", name: "Bo")))])
        var created = ClientOptions(name: "Ann", entry: .create(CreateRoom(name: "Ann", deck: "movies")))
        created.resumeToken = "ab12"
        #expect(AppModel(options: created, size: TermSize(columns: 80, rows: 24)).token == nil, "a room being made has no member yet")
    }

    @Test(arguments: [ErrorCode.unknownRoom, .roomFull, .unknownDeck, .rateLimited, .badField])
    func aJoinRefusedBeforeASessionExitsWithTheWholeMessage(_ code: ErrorCode) {
        var model = Self.fresh()
        update(&model, .tick(now: 0))
        update(&model, .connected)
        let message = "create: no deck \"nope\" (available: movies, restaurants, world-cinema)"
        #expect(update(&model, .server(.error(ProtocolError(code, message)))) == [.disconnect, .exit(.refused(message))])
        #expect(ClientExit.refused(message).status == 2)
        #expect(ClientExit.refused(message).message == "swipe: the server refused: " + message)
    }

    /// A second "Bo" in the room: the client ends with status 7, and `swipe join` (or the SSH
    /// gateway) asks for another name.
    @Test func aNameInUseExitsWithSevenSoTheCommandAsksAnother() {
        var model = Self.fresh()
        update(&model, .tick(now: 0))
        update(&model, .connected)
        let message = "join: Bo is already a member of room K7QM-X4TD-9R; choose another name"
        #expect(update(&model, .server(.error(ProtocolError(.nameTaken, message)))) == [.disconnect, .exit(.nameTaken(message))])
        #expect(ClientExit.nameTaken(message).status == ClientExit.nameTakenStatus && ClientExit.nameTakenStatus == 7)
        #expect(ClientExit.nameTaken(message).message == "swipe: the server refused: " + message)
    }

    @Test func aRejoinRefusedAfterASessionEndsItOnScreen() {
        var model = Fixtures.model()
        update(&model, .disconnected(reason: "gone"))
        update(&model, .tick(now: 1300))
        update(&model, .connected)
        #expect(update(&model, .server(.error(ProtocolError(.unknownRoom, "join: no room \"K7QM-X4TD-9R\"")))) == [.forgetMember(room: "K7QM-X4TD-9R"), .disconnect])
        #expect(model.ended == .roomClosed(room: "K7QM-X4TD-9R", reason: "join: no room \"K7QM-X4TD-9R\""))
    }

    @Test(arguments: [false, true])
    func noServerBeforeASessionExitsWithTheReason(_ connectedFirst: Bool) {
        var model = Self.fresh()
        update(&model, .tick(now: 0))
        if connectedFirst { update(&model, .connected) }
        let reason = "cannot connect to ws://127.0.0.1:9/: connection refused"
        #expect(update(&model, .disconnected(reason: reason)) == [.exit(.unreachable(reason))])
        #expect(ClientExit.unreachable(reason).status == 3)
    }
}

@Suite struct UpdateConnectionNoticeTests {
    @Test func whileReconnectingTheStatusLineSaysWhy() {
        var model = Fixtures.model()
        update(&model, .disconnected(reason: "peer went away"))
        update(&model, .tick(now: 1250))
        update(&model, .disconnected(reason: "cannot connect to ws://h:1/: connection refused"))
        update(&model, .tick(now: 1300))
        model.notice = nil   // "connection lost" is said first, for 4 s
        let screen = view(model, size: model.size).plainText
        #expect(screen.contains("◌ cannot connect to ws://h:1/: connection refused"), "\(screen)")
    }

    /// The drop is announced once; failed retries only count up in the header, so the status line
    /// is free to show the votes kept for the server.
    @Test func aDropIsAnnouncedOnceNotOnEveryFailedRetry() {
        var model = Fixtures.model()
        update(&model, .disconnected(reason: "peer went away"))
        #expect(model.notice?.text == "connection lost: peer went away")
        model.notice = nil
        update(&model, .tick(now: 1250))
        update(&model, .disconnected(reason: "could not connect"))
        #expect(model.notice == nil)
        #expect(model.connection == .reconnecting(attempt: 2, retryAt: 1250 + 500))
    }

    /// A member resumed in a new process: its votes count on from the seq the server says, so a
    /// new vote is not taken for a resend of one the old process made.
    @Test(arguments: [(Int?.some(7), 7), (nil, 1), (.some(1), 1)])
    func votesCountOnFromTheWelcomesNextSeq(_ nextSeq: Int?, _ used: Int) {
        var model = UpdateConnectionTests.fresh()
        update(&model, .tick(now: 0))
        update(&model, .connected)
        var welcome = Fixtures.welcome()
        welcome.nextSeq = nextSeq
        update(&model, .server(.welcome(welcome)))
        #expect(update(&model, .key(.right)) == [.send(.swipe(SwipeVote(card: "dune", direction: .right, seq: used)))])
    }
}

/// An upgrade the server turned away (its JSON message): before a session the client ends with it
/// (exit 2); in a session it is retried like any lost connection.
@Suite struct UpdateConnectionRefusedTests {
    @Test func beforeASessionTheRefusalEndsTheClientWithStatus2() {
        var model = UpdateConnectionTests.fresh()
        update(&model, .tick(now: 0))
        let reason = "your address holds 256 connections already (429)"
        #expect(update(&model, .connectionRefused(reason: reason)) == [.exit(.connectionRefused(reason))])
        #expect(ClientExit.connectionRefused(reason).status == 2)
        #expect(ClientExit.connectionRefused(reason).message == "swipe: the server refused the connection: " + reason)
        #expect(update(&model, .connectionRefused(reason: reason)).isEmpty)   // said once
    }

    @Test func inASessionItIsRetried() {
        var model = Fixtures.model()
        #expect(update(&model, .connectionRefused(reason: "busy (429)")).isEmpty)
        #expect(model.connection == .reconnecting(attempt: 1, retryAt: 1000 + 250))
    }
}
