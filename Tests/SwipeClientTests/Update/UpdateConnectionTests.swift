import SwipeCore
import SwipeProtocol
import Testing
@testable import SwipeClient

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
        #expect(effects == [.send(.swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))])
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
        #expect(update(&model, .server(.welcome(welcome))).isEmpty)
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

    @Test func aClosedRoomStaysClosed() {
        var model = Fixtures.model()
        #expect(update(&model, .server(.roomClosed(RoomClosed(reason: "kicked")))) == [.disconnect])
        #expect(model.connection == .closed(reason: "kicked"))
        #expect(update(&model, .disconnected(reason: "bye")).isEmpty)
        #expect(update(&model, .tick(now: 99_999)).isEmpty)
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

    @Test func aStaleResumeTokenRejoinsAsANewMember() {
        var model = Fixtures.model()
        update(&model, .disconnected(reason: "gone"))
        update(&model, .tick(now: 1300))
        update(&model, .connected)
        let effects = update(&model, .server(.error(ProtocolError(.badToken, "join: unknown token"))))
        #expect(effects == [.send(.join(JoinRoom(room: "K7QM-X4TD-9R", name: "Bo", role: .member)))])
        #expect(model.token == nil)
    }

    @Test(arguments: [ErrorCode.unknownRoom, .roomFull, .unknownDeck])
    func aRefusedJoinEndsTheSessionWithTheReason(_ code: ErrorCode) {
        var model = Self.fresh()
        update(&model, .tick(now: 0))
        update(&model, .connected)
        #expect(update(&model, .server(.error(ProtocolError(code, "join: no room \"ABCD\"")))) == [.disconnect])
        #expect(model.connection == .closed(reason: "join: no room \"ABCD\""))
        #expect(update(&model, .tick(now: 10_000)).isEmpty)
    }
}

@Suite struct UpdateConnectionNoticeTests {
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
}
