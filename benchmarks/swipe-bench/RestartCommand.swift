// Shell: `swipe-bench restart`. Main thread: writes a data directory with a long history (or uses
// one given), then starts swipe-server's host in-process on it several times and reports how long
// each start took to restore every room (docs/BENCHMARKS.md).
import ArgumentParser
import Foundation
import Logging
import SwipeServer
import SwipeSQLiteStore
import SwipeStoreChoice

struct RestartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restart",
        abstract: "Restart time: write a log of --events room events (rooms voting, finishing, evicted), then time starts on it.")

    @Option(help: "Room events to write.") var events = 1_000_000
    @Option(help: "Store a room checkpoint every this many of its records (the server's --checkpoint-every); 0 never.")
    var checkpointEvery = 1000
    @Option(help: "Rooms voting at the same time.") var activeRooms = 100
    @Option(help: "Rooms kept (voting and finished); older finished rooms are evicted, as after 30 idle minutes.")
    var keptRooms = 300
    @Option(help: "Starts to time (the median is reported).") var starts = 3
    @Option(help: "Use this data directory (written when it has no rooms.sqlite yet) and keep it.") var data: String?
    @Flag(help: "One JSON object instead of text.") var json = false

    func validate() throws {
        if events < 1 { throw ValidationError("--events must be at least 1") }
        if checkpointEvery < 0 { throw ValidationError("--checkpoint-every must be 0 or more") }
        if activeRooms < 1 || keptRooms < activeRooms { throw ValidationError("need --kept-rooms ≥ --active-rooms ≥ 1") }
        if starts < 1 { throw ValidationError("--starts must be at least 1") }
    }

    func run() throws {
        let directory = data ?? FileManager.default.temporaryDirectory.appendingPathComponent("swipe-restart-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if data == nil { try? FileManager.default.removeItem(atPath: directory) } }
        let path = directory + "/" + SQLiteRoomStore.logFileName
        var summary: RestartLogSummary?
        var writeSeconds = 0.0
        if !FileManager.default.fileExists(atPath: path) {
            var shape = RestartLogShape()
            shape.events = events
            shape.checkpointEvery = checkpointEvery
            shape.activeRooms = activeRooms
            shape.keptRooms = keptRooms
            let began = Date()
            var nextReport = 100_000
            summary = try RestartLogWriter.write(shape, to: directory) { written in
                if !json && written >= nextReport {
                    FileHandle.standardError.write(Data("  \(written) events written\n".utf8))
                    nextReport += 100_000
                }
            }
            writeSeconds = Date().timeIntervalSince(began)
        }
        var millis: [Double] = []
        for _ in 0..<starts { millis.append(try Self.timeOneStart(directory: directory)) }
        let median = millis.sorted()[millis.count / 2]
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if json {
            var report: [String: Any] = ["restart_ms": millis, "restart_ms_median": median, "checkpoint_every": checkpointEvery,
                                         "log_bytes": fileBytes]
            if let summary {
                report["events"] = summary.records
                report["rooms_created"] = summary.roomsCreated
                report["rooms_evicted"] = summary.roomsEvicted
                report["live_rooms"] = summary.liveRooms
            }
            let bytes = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
            print(String(decoding: bytes, as: UTF8.self))
        } else {
            if let summary {
                print("wrote \(summary.records) events in \(String(format: "%.1f", writeSeconds)) s: \(summary.roomsCreated) rooms, "
                      + "\(summary.roomsEvicted) evicted, \(summary.liveRooms) kept; checkpoint every \(checkpointEvery)")
            }
            print("log \(fileBytes / 1_000_000) MB; restart (open, load, restore every room): "
                  + millis.map { String(format: "%.0f ms", $0) }.joined(separator: ", ")
                  + String(format: "; median %.0f ms", median))
        }
    }

    /// Starts a host on the directory (ephemeral port), stops it, and returns how long `start()` took.
    static func timeOneStart(directory: String) throws -> Double {
        var configuration = ServerConfiguration(port: 0, logger: Logger(label: "restart", factory: { _ in SwiftLogNoOpLogHandler() }),
                                                store: .file(directory))
        configuration.registryLimits.maxRooms = 100_000
        let host = SwipeServerHost(configuration: configuration)
        let began = ContinuousClock.now
        _ = try host.start()
        let elapsed = ContinuousClock.now - began
        host.stop()
        host.waitUntilStopped()
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
