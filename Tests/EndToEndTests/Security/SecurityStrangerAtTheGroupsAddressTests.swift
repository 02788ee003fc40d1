import Foundation
import SwipeProtocol
import SwipeServer
import Testing

/// A group of 40 behind one NAT (all from 127.0.0.5) joins its room and votes while one stranger at
/// that address does the worst it can: 1,000 silent TCP sockets, 1,000 half-sent upgrades, 300
/// half-sent HTTP requests, the address's whole share of idle WebSockets, 19 rooms it created and
/// holds with 15 sockets each (285: more than the address's whole share of 256 before issue 23),
/// and guessed room codes until the address is slowed. The server runs under `ulimit -n 1024`, so
/// the flood is more than its descriptors.
@Suite(.serialized) struct SecurityStrangerAtTheGroupsAddressTests {
    static let nat = "127.0.0.5"

    static func webSocket(_ server: ServerProcess) throws -> ServerRawSocket {
        let socket = try ServerRawSocket(port: server.port, timeout: 10, from: nat)
        let head = try socket.upgrade(path: "/")
        guard head.hasPrefix("HTTP/1.1 101") else { throw ServerRawSocket.Failure(description: "upgrade refused: \(head.prefix(80))") }
        return socket
    }

    /// The next server message on `socket` that is not a broadcast about others.
    static func reply(_ socket: ServerRawSocket, skipping: Set<String> = ["memberJoined", "memberLeft", "memberOnline",
                                                                        "memberOffline", "memberUpdated", "tally", "cardState"]) -> ServerMessage? {
        while let text = SecurityAccessTests.nextText(socket) {
            guard let message = try? WireCodec.decodeServer(Array(text.utf8)).get() else { return nil }
            if !skipping.contains(message.type) { return message }
        }
        return nil
    }

    static func send(_ socket: ServerRawSocket, _ message: ClientMessage) {
        guard let bytes = try? WireCodec.encode(message) else { return }
        socket.sendText(String(decoding: bytes, as: UTF8.self))
    }

    /// Joins `code` as `name`, going again whenever the server says the address's turn has not come.
    static func join(_ socket: ServerRawSocket, _ code: RoomCode, as name: String) -> ServerMessage? {
        var answer: ServerMessage?
        _ = ProcessProbe.eventually(timeout: 20) {
            send(socket, .join(JoinRoom(room: code, name: name)))
            answer = reply(socket)
            if case let .error(error)? = answer, error.code == .rateLimited { return false }
            return true
        }
        return answer
    }

    @Test func aGroupOf40JoinsAndVotesWhileAStrangerAtItsAddressDoesTheWorstItCan() throws {
        DescriptorLimit.raiseToHard()   // this test holds about 2,900 sockets itself
        let server = try ServerProcess(arguments: ["--slowed-join-interval", "1"], shellLimits: ["ulimit -n 1024"])
        defer { server.stop() }
        let host = try Self.webSocket(server)
        Self.send(host, .create(CreateRoom(name: "Ann", deck: "movies", rule: .unanimous, pacing: .free)))
        guard case let .welcome(welcome)? = Self.reply(host) else { Issue.record("the group's host has no room"); return }
        let code = welcome.room.code
        let card = try #require(welcome.room.visible.first?.id)

        // The stranger: rooms it creates and holds (never closed to make way for anyone).
        var inRooms: [ServerRawSocket] = []
        for number in 1...19 {
            let creator = try Self.webSocket(server)
            Self.send(creator, .create(CreateRoom(name: "M\(number)", deck: "movies", pacing: .free)))
            guard case let .welcome(own)? = Self.reply(creator) else { Issue.record("stranger's room \(number) refused"); return }
            inRooms.append(creator)
            for seat in 1...14 {
                let member = try Self.webSocket(server)
                Self.send(member, .join(JoinRoom(room: own.room.code, name: "M\(number)-\(seat)")))
                guard case .welcome? = Self.reply(member) else { Issue.record("stranger's join \(number)-\(seat) refused"); return }
                inRooms.append(member)
            }
        }
        // Guesses until the address is slowed.
        let guesser = try Self.webSocket(server)
        for guess in 0..<25 { Self.send(guesser, .join(JoinRoom(room: RoomCode("AAAA-AAAA-\(["B", "C", "D", "E", "F"][guess % 5])\(["G", "H", "J", "K", "L"][guess / 5])"), name: "X"))) }
        // Sockets that sit in no room: silent, half-sent upgrades and requests, idle WebSockets.
        var flood: [ServerRawSocket] = []
        for _ in 0..<1000 { flood.append(try ServerRawSocket(port: server.port, from: Self.nat)) }
        for _ in 0..<1000 {
            let socket = try ServerRawSocket(port: server.port, from: Self.nat)
            socket.write(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n".utf8))
            flood.append(socket)
        }
        for _ in 0..<300 {
            let socket = try ServerRawSocket(port: server.port, from: Self.nat)
            socket.write(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
            flood.append(socket)
        }
        var idle = 0
        for _ in 0..<256 {
            guard let socket = try? Self.webSocket(server) else { break }
            flood.append(socket)
            idle += 1
        }

        // The group: 39 more from the same address join Ann's room at once, and everyone votes.
        let started = Date()
        var group: [ServerRawSocket] = [host]
        var refused: [String] = []
        var sockets: [ServerRawSocket] = []
        for index in 1...39 {
            do { sockets.append(try Self.webSocket(server)) } catch { refused.append("member \(index): \(error)") }
        }
        for (index, socket) in sockets.enumerated() {
            let answer = Self.join(socket, code, as: "Member \(index + 1)")
            if case .welcome? = answer { group.append(socket) } else { refused.append("member \(index + 1): \(String(describing: answer))") }
        }
        let joinSeconds = Date().timeIntervalSince(started)
        #expect(refused.isEmpty, "\(refused.prefix(5))")
        #expect(group.count == 40)
        var accepted = 0
        var otherAnswers: [String] = []
        for socket in group {
            Self.send(socket, .swipe(SwipeVote(card: card, direction: .right, seq: 1)))
            let answer = Self.reply(socket, skipping: ["memberJoined", "memberLeft", "memberOnline", "memberOffline",
                                                       "memberUpdated", "tally", "cardState", "cardResolved", "match", "animation"])
            if case .voteAccepted? = answer { accepted += 1 } else { otherAnswers.append(String(describing: answer)) }
        }
        #expect(otherAnswers.isEmpty, "\(otherAnswers.prefix(3))")
        #expect(accepted == 40, "\(accepted) of 40 votes accepted")
        // Not one of the stranger's sockets in its rooms was closed to make way.
        var alive = 0
        for socket in inRooms {
            Self.send(socket, .ping(Ping(t: 1)))
            if case .pong? = Self.reply(socket) { alive += 1 }
        }
        #expect(alive == inRooms.count, "\(alive) of \(inRooms.count) of the stranger's sockets in rooms still served")
        print("SecurityStrangerAtTheGroupsAddressTests: stranger held \(inRooms.count) sockets in 19 rooms, \(idle) idle WebSockets "
              + "and 2,300 half-open sockets; 39 joined in \(String(format: "%.1f", joinSeconds)) s, \(accepted) votes accepted, "
              + "\(alive) stranger room sockets served")
        _ = guesser
        _ = flood.count
        #expect(server.terminate() == 0, "the server did not stop cleanly after hanging sockets up to make way")
    }
}
