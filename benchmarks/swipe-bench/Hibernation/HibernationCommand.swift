// Shell: `swipe-bench hibernation`. Main thread: writes a data directory of open rooms with a
// closing time (each with its cards, two members and their votes) asleep in the log's index, and a
// copy with no index (today's server, which holds every room); starts the real swipe-server on
// each and reports start-to-listening time, resident memory, and how long a resume into a room
// takes (join with a token → welcome) (docs/BENCHMARKS.md, "Hibernation").
import ArgumentParser
import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol
import SwipeRooms
import SwipeStore

struct HibernationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hibernation",
        abstract: "Open rooms that cost almost nothing: --rooms rooms asleep in the log, against the same rooms all in memory.")

    @Option(help: "Open rooms to write.") var rooms = 100_000
    @Option(help: "Cards in each room's deck.") var cards = 30
    @Option(help: "Votes each of the two members has cast.") var votes = 16
    @Option(help: "Resumes to time in each server (random rooms).") var resumes = 300
    @Option(help: "The swipe-server to run (default: next to swipe-bench).") var server: String?
    @Flag(help: "Only the server whose rooms sleep (skip today's server holding every room).") var asleepOnly = false
    @Flag(help: "One JSON object instead of text.") var json = false

    func validate() throws {
        if rooms < 1 || cards < 1 || votes < 0 || votes > cards || resumes < 1 {
            throw ValidationError("need --rooms ≥ 1, --cards ≥ 1, 0 ≤ --votes ≤ --cards, --resumes ≥ 1")
        }
    }

    func run() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-hibernation-\(UUID().uuidString)")
        let asleep = base.appendingPathComponent("asleep").path, awake = base.appendingPathComponent("awake").path
        try FileManager.default.createDirectory(atPath: asleep, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: awake, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let began = Date()
        let members = try HibernationLogWriter.write(rooms: rooms, cards: cards, votes: votes, keep: resumes * 4, to: asleep + "/rooms.sqlite")
        let writeSeconds = Date().timeIntervalSince(began)
        if !json { FileHandle.standardError.write(Data("wrote \(rooms) rooms in \(String(format: "%.1f", writeSeconds)) s\n".utf8)) }
        var runs: [HibernationRun] = [try HibernationRun.measure(name: "asleep", data: asleep, members: members, resumes: resumes, server: server)]
        if !asleepOnly {
            try FileManager.default.copyItem(atPath: asleep + "/rooms.sqlite", toPath: awake + "/rooms.sqlite")
            try EventLog(path: awake + "/rooms.sqlite").clearHibernationIndex()
            runs.append(try HibernationRun.measure(name: "in memory", data: awake, members: members, resumes: resumes, server: server))
        }
        let logBytes = (try? FileManager.default.attributesOfItem(atPath: asleep + "/rooms.sqlite")[.size] as? Int) ?? 0
        if json {
            let report: [String: Any] = ["rooms": rooms, "cards": cards, "votes_per_member": votes, "log_bytes": logBytes,
                                         "runs": runs.map(\.report)]
            print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
        } else {
            print("\(rooms) open rooms (\(cards) cards, 2 members, \(votes) votes each), nobody connected; log \(logBytes / 1_000_000) MB")
            for run in runs { print(run.line) }
        }
    }
}

/// Writes the rooms: each made by the real registry (create, a join, the votes), then put to sleep
/// in the log as the server does (`EventLog.hibernate`). Returns a sample of members to resume.
enum HibernationLogWriter {
    struct Resumable { var room: RoomCode; var name: String; var token: String }

    static func write(rooms: Int, cards count: Int, votes: Int, keep: Int, to path: String) throws -> [Resumable] {
        let log = try EventLog(path: path)
        let wall = Date().timeIntervalSince1970 * 1000
        var limits = RegistryLimits(maxRooms: Int.max)
        limits.wallClockAtZero = wall
        var registry = RoomRegistry(library: .bundled(), limits: limits, random: SeededRandom(seed: 11))
        let deck = (0..<count).map { Card(id: CardID("c\($0)"), title: "Option \($0)", body: "A short line about option \($0).") }
        let closesAt = UTCTimestamp(millisecondsSince1970: wall + 86_400_000).iso8601
        var sample: [Resumable] = []
        let every = max(1, rooms / max(1, keep))
        for index in 0..<rooms {
            guard let code = registry.create(CreateRoom(name: "Ann", cards: deck, closesAt: closesAt), from: ConnectionID(1), at: 0).room else {
                throw BenchError.system("the registry refused room \(index)")
            }
            let joined = registry.join(JoinRoom(room: code, name: "Bo"), from: ConnectionID(2), at: 0)
            for member in ["m1", "m2"] as [MemberID] {
                for card in deck.prefix(votes) {
                    _ = registry.handle(.messageReceived(member, .swipe(SwipeVote(card: card.id, direction: .right))), in: code, at: 1)
                }
                _ = registry.handle(.memberDisconnected(member), in: code, at: 2)
            }
            guard var room = registry.rooms[code] else { continue }
            try log.hibernate(RoomState(room: code.rawValue, payload: room.checkpoint.encoded(), at: 2),
                              row: HibernatedRow(room: code.rawValue, closesAt: room.settings.closesAt, leftAt: wall, open: true))
            let token = joined.effects.lazy.compactMap { effect -> String? in
                if case let .send(.welcome(welcome), _) = effect { return welcome.token } else { return nil }
            }.first
            if index % every == 0, let token { sample.append(Resumable(room: code, name: "Bo", token: token)) }
            registry.remove(code)
        }
        return sample
    }
}

/// One server on one data directory: how fast it listens, what it holds, how fast a resume is.
struct HibernationRun {
    var name: String
    var startMillis: Double
    var residentBytes: Int
    var residentAfterBytes: Int
    var resumeMillis: [Double]

    static func measure(name: String, data: String, members: [HibernationLogWriter.Resumable], resumes: Int, server: String?) throws -> HibernationRun {
        let began = Date()
        let process = try ServerProcess.startSwipeServer(path: server, data: data, extraArguments: ["--max-rooms", "200000", "--log-level", "error"])
        defer { process.stop() }
        let start = Date().timeIntervalSince(began) * 1000
        usleep(500_000)   // settled
        let resident = process.pid.flatMap(ServerProcess.residentBytes(pid:)) ?? 0
        var random = SeededRandom(seed: 5)
        var millis: [Double] = []
        for _ in 0..<min(resumes, members.count) {
            let member = members[Int(random.next() % UInt64(members.count))]
            let socket = try BlockingWebSocket(url: try WebSocketURL(parsing: process.url), timeout: 10, subprotocol: ProtocolVersion.subprotocol)
            let sent = ContinuousClock.now
            socket.send(.join(JoinRoom(room: member.room, name: member.name, token: member.token)))
            guard case .welcome? = socket.receive(until: { $0.type == "welcome" || $0.type == "error" }, timeout: 10) else {
                throw BenchError.system("\(name): no welcome resuming \(member.name) in \(member.room)")
            }
            let elapsed = ContinuousClock.now - sent
            millis.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            socket.close()
        }
        let after = process.pid.flatMap(ServerProcess.residentBytes(pid:)) ?? 0
        return HibernationRun(name: name, startMillis: start, residentBytes: resident, residentAfterBytes: after, resumeMillis: millis)
    }

    func percentile(_ p: Double) -> Double {
        let sorted = resumeMillis.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
    }

    var line: String {
        String(format: "  %-10@ start to listening %6.0f ms   RSS %5.0f MB (%5.0f MB after %d resumes)   resume p50 %.2f ms, p99 %.2f ms",
               name as NSString, startMillis, Double(residentBytes) / 1e6, Double(residentAfterBytes) / 1e6, resumeMillis.count,
               percentile(0.5), percentile(0.99))
    }

    var report: [String: Any] {
        ["name": name, "start_ms": startMillis, "rss_bytes": residentBytes, "rss_after_bytes": residentAfterBytes,
         "resume_p50_ms": percentile(0.5), "resume_p99_ms": percentile(0.99), "resumes": resumeMillis.count]
    }
}
