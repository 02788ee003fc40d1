// Shell: the options `load` and `idle` share: which servers to load and how to print the report.
import ArgumentParser
import Foundation
import SwipeClient

/// Which servers `load` and `idle` run against, and how the report is printed.
///
/// ```swift
/// let targets = try TargetOptions.parse(["--url", "ws://127.0.0.1:7681", "--url", "ws://127.0.0.1:7682",
///                                        "--server-pid", "4101", "--server-pid", "4102"])
/// targets.urls          // both URLs: a room's members are spread over the two nodes
/// targets.serverPids    // [4101, 4102]: RSS and CPU are summed over both
/// ```
struct TargetOptions: ParsableArguments {
    @Option(name: .customLong("url"), help: ArgumentHelp(
        "Server to load (default: start swipe-server next to this executable on a free port).",
        discussion: "Repeat for several nodes that share rooms (a cluster behind one Redis): a room's creator connects "
            + "to URL number (room mod N), its member k to URL number ((room + k) mod N), and the others join by the "
            + "code the creator got; `idle` spreads its connections the same way."))
    var urls: [String] = []
    @Option(name: .customLong("server-pid"), help: ArgumentHelp(
        "PID of the server at --url, to read its RSS and CPU.",
        discussion: "Repeat for several nodes: the reported RSS and CPU are sums over every PID (each counted once), "
            + "and --json lists each under \"servers\"."))
    var serverPids: [Int32] = []
    @Option(help: "Path of swipe-server to start (default: next to swipe-bench).") var serverPath: String?
    @Option(help: "Also run against these, comma-separated: nio (the SwiftNIO peer), floor (lws-floor, the least lws can do).")
    var against: String?
    @Option(help: "NIO peer to load (default: start benchmarks/nio-peer's release build).") var nioUrl: String?
    @Option(help: "Path of the nio-peer executable.") var nioPeerPath: String?
    @Option(help: "lws-floor to load (default: start benchmarks/lws-floor/.build/lws-floor).") var floorUrl: String?
    @Option(help: "Path of the lws-floor executable (build it with benchmarks/lws-floor/build.sh).") var floorPath: String?
    @Flag(help: "Print one JSON object instead of text.") var json = false

    /// A yardstick server `--against` can add to a run.
    ///
    /// ```swift
    /// TargetOptions.Peer(rawValue: "nio")   // .nio
    /// ```
    enum Peer: String, CaseIterable {
        case nio, floor
    }

    /// The peers asked for with `--against`, in order (unknown names are refused by `validate()`).
    ///
    /// ```swift
    /// try TargetOptions.parse(["--against", "floor, nio"]).peers   // [.floor, .nio]
    /// ```
    var peers: [Peer] { peerNames.compactMap(Peer.init(rawValue:)) }

    private var peerNames: [String] {
        (against ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func validate() throws {
        for name in peerNames where Peer(rawValue: name) == nil {
            throw ValidationError("--against takes nio, floor or both (\"nio,floor\"), not \"\(name)\"")
        }
        for url in urls {
            do { _ = try WebSocketURL(parsing: url) } catch { throw ValidationError("--url \(url): \(error)") }
        }
        for pid in serverPids where pid <= 0 {
            throw ValidationError("--server-pid takes a process ID above 0, not \(pid)")
        }
    }
}
