import Foundation
import Testing
import SwipeClient
import SwipeCore
import SwipeProtocol

/// A whole session against the real server binary, with real WebSocket clients.
@Suite(.serialized) struct ServerSessionTests {
    static let wait = 10.0

    static func connect(_ server: ServerProcess) throws -> BlockingWebSocket {
        try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: wait)
    }

    static func welcome(_ socket: BlockingWebSocket) -> Welcome? {
        if case let .welcome(welcome)? = socket.receive(until: { $0.type == "welcome" }, timeout: wait) { return welcome }
        return nil
    }

    static func next(_ socket: BlockingWebSocket, _ type: String) -> ServerMessage? {
        socket.receive(until: { $0.type == type }, timeout: wait)
    }

    /// Both ways the service thread can wait: a libev epoll loop (the default) and lws's poll().
    @Test(arguments: ["epoll", "poll"])
    func threeMembersDragVoteMatchRejoinAndGetResults(eventLoop: String) throws {
        let server = try ServerProcess(arguments: ["--event-loop", eventLoop])
        let ann = try Self.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .lockstep)))
        let annWelcome = try #require(Self.welcome(ann))
        let code = annWelcome.room.code
        #expect(annWelcome.you == "m1")
        #expect(annWelcome.room.visible.map(\.id) == ["dune", "amelie", "alien"])
        #expect(code.rawValue.count == 12)

        let bo = try Self.connect(server)
        bo.send(.join(JoinRoom(room: code, name: "Bo")))
        let boWelcome = try #require(Self.welcome(bo))
        let cy = try Self.connect(server)
        cy.send(.join(JoinRoom(room: RoomCode(code.rawValue.lowercased()), name: "Cy\u{1B}[31m")))
        let cyWelcome = try #require(Self.welcome(cy))
        #expect(cyWelcome.room.members.map(\.name) == ["Ann", "Bo", "Cy"])
        #expect(Self.next(ann, "memberJoined") == .memberJoined(MemberInfo(id: "m2", name: "Bo", role: .member, online: true)))

        ann.send(.host(HostCommand(command: .start)))
        #expect(Self.next(bo, "phase") == .phase(PhaseChanged(phase: .voting)))

        // Bo drags the top card: Ann and Cy see where, with SwipeCore's rotation and overlay.
        bo.send(.drag(DragUpdate(card: "dune", phase: .began, x: 0, y: 0, t: 1)))
        bo.send(.drag(DragUpdate(card: "dune", phase: .changed, x: 90, y: -10, t: 2)))
        for watcher in [ann, cy] {
            let seen = watcher.receive(until: { if case let .cardState(s) = $0 { s.phase == .changed } else { false } }, timeout: Self.wait)
            guard case let .cardState(state)? = seen else { Issue.record("no drag state"); continue }
            #expect(state.member == "m2")
            #expect(state.card == "dune")
            #expect(state.x == 90)
            #expect(state.rotation != 0)
            #expect(state.direction == .right)
            #expect(state.center == Point(x: 240, y: 190))   // the 300 × 400 container's centre + translation
        }

        // Votes: a match for everyone.
        ann.send(.swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))
        bo.send(.swipe(SwipeVote(card: "dune", direction: .up, seq: 1)))
        #expect(Self.next(bo, "voteAccepted") == .voteAccepted(VoteAccepted(card: "dune", vote: .superLike, seq: 1)))
        bo.send(.swipe(SwipeVote(card: "dune", direction: .left, seq: 2)))
        guard case let .error(double)? = Self.next(bo, "error") else { Issue.record("double vote accepted"); return }
        #expect(double.code == .alreadyVoted)
        cy.send(.swipe(SwipeVote(card: "dune", direction: .left, seq: 1)))
        for member in [ann, bo, cy] {
            guard case let .cardResolved(resolved)? = Self.next(member, "cardResolved") else { Issue.record("no resolution"); continue }
            #expect(resolved.outcome == .match)
            #expect(resolved.tally.score == 3)
            guard case let .match(match)? = Self.next(member, "match") else { Issue.record("no match"); continue }
            #expect(match.card.title == "Dune")
        }

        // A late joiner gets the whole room.
        let dee = try Self.connect(server)
        dee.send(.join(JoinRoom(room: code, name: "Dee")))
        let deeWelcome = try #require(Self.welcome(dee))
        #expect(deeWelcome.room.phase == .voting)
        #expect(deeWelcome.room.matches == ["dune"])
        #expect(deeWelcome.room.visible.first?.id == "amelie")
        #expect(deeWelcome.room.remaining == 7)
        #expect(deeWelcome.room.members.count == 4)

        // Bo votes, drops, and comes back with the token: same identity, votes kept, presence seen.
        bo.send(.swipe(SwipeVote(card: "amelie", direction: .left, seq: 3)))
        #expect(Self.next(bo, "voteAccepted") != nil)
        bo.close()
        #expect(Self.next(ann, "memberOffline") == .memberOffline(MemberRef(member: "m2")))
        let boAgain = try Self.connect(server)
        boAgain.send(.join(JoinRoom(room: code, name: "ignored", token: boWelcome.token)))
        let resumed = try #require(Self.welcome(boAgain))
        #expect(resumed.you == "m2")
        #expect(resumed.room.myVotes == ["amelie": .nope, "dune": .superLike])
        #expect(Self.next(cy, "memberOnline") == .memberOnline(MemberRef(member: "m2")))

        // Results for everyone, and as files from the running server.
        ann.send(.host(HostCommand(command: .reveal)))
        for member in [ann, boAgain, cy, dee] {
            guard case let .results(results)? = Self.next(member, "results") else { Issue.record("no results"); continue }
            #expect(results.final)
            #expect(results.ranking.first?.card == "dune")
            #expect(results.ranking.first?.votes == ["Ann": .like, "Bo": .superLike, "Cy": .nope])
        }
        let csv = try ServerRawSocket.get(port: server.port, path: "/rooms/\(code)/results.csv")
        #expect(csv.status == 200)
        #expect(csv.body.hasPrefix("rank,card,title,likes,nopes,superLikes,score,matched,votes,round,winner,decidedBy\r\n1,dune,Dune,1,1,1,3,true,Ann:like; Bo:superLike; Cy:nope,0,"))
        let health = try ServerRawSocket.get(port: server.port, path: "/healthz")
        #expect(health.status == 200)
        #expect(health.body.contains("\"rooms\":1"))
        #expect(health.body.contains("\"connections\":4"))

        // SIGTERM: everyone gets 1001 going away; the server exits 0.
        #expect(server.terminate() == 0)
        for member in [ann, boAgain, cy, dee] {
            _ = member.receive(timeout: Self.wait)
            #expect(member.closeStatus?.code == 1001)
        }
    }

    /// A lockstep room's voting timer is an lws timer: under both event loops it resolves the card
    /// nobody voted on ("timedOut") well within the deadline (the libev loop once left it waiting
    /// for a later lws timer, half a minute away).
    @Test(arguments: ["epoll", "poll"])
    func aLockstepTimerResolvesAnUnvotedCard(eventLoop: String) throws {
        let server = try ServerProcess(arguments: ["--event-loop", eventLoop])
        let ann = try Self.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .lockstep, timerSeconds: 1)))
        _ = try #require(Self.welcome(ann))
        ann.send(.host(HostCommand(command: .start)))
        guard case let .cardResolved(resolved)? = Self.next(ann, "cardResolved") else {
            Issue.record("the timer never resolved the card")
            return
        }
        #expect(resolved.card == "dune")
        #expect(resolved.outcome == .timedOut)
        #expect(server.terminate() == 0)
    }

    @Test func exportCommandFetchesResultsFromTheRunningServer() throws {
        let server = try ServerProcess()
        let ann = try Self.connect(server)
        ann.send(.create(CreateRoom(name: "Ann", deck: "restaurants", pacing: .free)))
        let code = try #require(Self.welcome(ann)).room.code
        ann.send(.swipe(SwipeVote(card: "pho", direction: .right)))
        #expect(Self.next(ann, "match") != nil)
        let export = Process()
        export.executableURL = ServerProcess.binary
        export.arguments = ["export", code.rawValue, "--url", "http://127.0.0.1:\(server.port)", "--format", "csv"]
        let pipe = Pipe()
        export.standardOutput = pipe
        try export.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        export.waitUntilExit()
        #expect(export.terminationStatus == 0)
        #expect(text.contains("1,pho,Phở Hà Nội,1,0,0,1,true,Ann:like"))
        #expect(server.terminate() == 0)
    }
}
