import Foundation
import SwipeClient
import SwipeProtocol
import Testing

/// Nodes on a Redis that asks for a password: `--store-password-file` or `SWIPEDECK_REDIS_PASSWORD`,
/// AUTH on both connections at start and after every reconnect, a clear refusal to start otherwise.
@Suite(.serialized) struct ClusterRedisAuthTests {
    /// The ACL docs/SCALING.md recommends for the nodes' Redis user.
    static let nodeACL = ["on", ">node-pw", "~swipedeck:*", "&swipedeck:*", "+@all", "-@dangerous", "+info", "+config|get"]

    final class Store {
        let directory: String
        let port: Int
        let arguments: [String]
        var redis: HelperProcess

        init(_ extra: [String]) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-auth-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            port = try freeLoopbackPort()
            arguments = ["--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
                         "--appendfsync", "always", "--dir", directory] + extra
            redis = try HelperProcess("redis-server", arguments, port: port, logPath: directory + "/redis.log")
        }

        func restart() throws {
            redis.killHard()
            redis = try HelperProcess("redis-server", arguments, port: port, logPath: directory + "/redis.log")
        }

        /// A file (0600) holding `text`.
        func file(_ name: String, _ text: String) -> String {
            let path = directory + "/" + name
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
            return path
        }

        /// `INFO commandstats` calls of `command`, asked as the default user with `password`.
        func calls(_ command: String, password: String) -> Int {
            let info = Process()
            info.executableURL = URL(fileURLWithPath: "/usr/bin/redis-cli")
            info.arguments = ["-p", "\(port)", "--no-auth-warning", "-a", password, "INFO", "commandstats"]
            info.environment = ["PATH": "/usr/bin:/bin"]
            let pipe = Pipe()
            info.standardOutput = pipe
            guard (try? info.run()) != nil else { return -1 }
            info.waitUntilExit()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            guard let line = text.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("cmdstat_\(command):") }) else { return 0 }
            return line.split(separator: "=").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        }

        func stop() {
            redis.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// Starts a node that is expected to refuse; returns what it wrote on stderr.
    static func refusal(_ arguments: [String], store: Store, environment: [String: String] = [:]) -> String {
        let log = store.directory + "/refused-\(UUID().uuidString).log"
        let started = try? ServerProcess(arguments: arguments, stderrPath: log, environment: environment)
        started?.stop()
        #expect(started == nil, "the node started: \(arguments)")
        return (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    }

    @Test func aPasswordFileIsSentAtStartAndAgainAfterRedisRestarts() throws {
        let store = try Store(["--requirepass", "s3cret pass:word"])
        defer { store.stop() }
        let file = store.file("redis-password", "s3cret pass:word\n")
        let node = try ServerProcess(arguments: ["--store", "redis://127.0.0.1:\(store.port)", "--store-password-file", file,
                                                 "--node-id", "n1", "--log-level", "notice"],
                                     stderrPath: store.directory + "/node1.log")
        defer { node.stop() }
        let host = try ClusterMember(name: "Ann", url: node.url, first: .create(CreateRoom(name: "Ann", deck: "movies")))
        let code = try #require(host.welcome?.room.code)
        #expect(store.calls("auth", password: "s3cret pass:word") >= 3, "the start probe and both connections")

        try store.restart()
        func health() -> Int? { try? ServerRawSocket.get(port: node.port, path: "/healthz").status }
        #expect(ProcessProbe.eventually(timeout: 10, { health() == 200 }), "the node did not come back after Redis restarted")
        #expect(store.calls("auth", password: "s3cret pass:word") >= 2, "both connections authenticate again")
        let again = try ClusterMember(name: "Bo", url: node.url + code.rawValue, first: .join(JoinRoom(room: code, name: "Bo")))
        #expect(again.welcome?.room.code == code, "the room was read back from the restarted Redis")
    }

    @Test func anACLUserWithItsPasswordInTheEnvironmentServesTwoNodes() throws {
        let store = try Store(["--requirepass", "admin-pw", "--user", "swipedeck"] + Self.nodeACL)
        defer { store.stop() }
        let arguments = ["--store", "redis://swipedeck@127.0.0.1:\(store.port)", "--durability", "full"]
        let environment = ["SWIPEDECK_REDIS_PASSWORD": "node-pw"]
        let first = try ServerProcess(arguments: arguments + ["--node-id", "n1"], stderrPath: store.directory + "/n1.log", environment: environment)
        defer { first.stop() }
        let file = store.file("node-credentials", "swipedeck\nnode-pw\n")
        let second = try ServerProcess(arguments: ["--store", "redis://127.0.0.1:\(store.port)", "--store-password-file", file,
                                                   "--node-id", "n2"], stderrPath: store.directory + "/n2.log")
        defer { second.stop() }
        let host = try ClusterMember(name: "Ann", url: first.url,
                                     first: .create(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .free)))
        let code = try #require(host.welcome?.room.code)
        let guest = try ClusterMember(name: "Bo", url: second.url + code.rawValue, first: .join(JoinRoom(room: code, name: "Bo")))
        #expect(host.pump(until: { if case .memberJoined = $0 { true } else { false } }), "Ann on n1 never saw Bo join on n2")
        let card = try #require(guest.welcome?.room.visible.first?.id)   // a free room votes at once
        guest.socket.send(.swipe(SwipeVote(card: card, direction: .right, seq: 1)))
        #expect(host.pump(until: { if case let .tally(tally) = $0 { tally.card == card } else { false } }),
                "Bo's vote on n2 did not reach Ann on n1 through the ACL user's channel")
    }

    @Test func aWrongOrMissingPasswordRefusesToStartSayingWhatToDo() throws {
        let store = try Store(["--requirepass", "right"])
        defer { store.stop() }
        let url = "redis://127.0.0.1:\(store.port)"
        let wrong = Self.refusal(["--store", url, "--store-password-file", store.file("wrong", "wrong\n")], store: store)
        #expect(wrong.contains("Redis refused user default with a password (AUTH)"), "\(wrong)")
        #expect(wrong.contains("WRONGPASS") && wrong.contains("--store-password-file") && !wrong.contains("wrong\n"), "\(wrong)")
        let fromEnvironment = Self.refusal(["--store", url], store: store, environment: ["SWIPEDECK_REDIS_PASSWORD": "nope"])
        #expect(fromEnvironment.contains("WRONGPASS"), "\(fromEnvironment)")
        let missing = Self.refusal(["--store", url], store: store)
        #expect(missing.contains("Redis asks for a password (NOAUTH"), "\(missing)")
        let inURL = Self.refusal(["--store", "redis://default:right@127.0.0.1:\(store.port)"], store: store)
        #expect(inURL.contains("a password in the URL is refused"), "\(inURL)")
    }
}
