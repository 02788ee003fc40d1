// Shell: the options `load` and `idle` share: which servers to load and how to print the report.
import ArgumentParser
import Foundation

/// Which servers `load` and `idle` run against, and how the report is printed.
struct TargetOptions: ParsableArguments {
    @Option(help: "Server to load (default: start swipe-server next to this executable on a free port).") var url: String?
    @Option(help: "PID of the server at --url, to read its RSS and CPU.") var serverPid: Int32?
    @Option(help: "Path of swipe-server to start (default: next to swipe-bench).") var serverPath: String?
    @Option(help: "Also run against these, comma-separated: nio (the SwiftNIO peer), floor (lws-floor, the least lws can do).")
    var against: String?
    @Option(help: "NIO peer to load (default: start benchmarks/nio-peer's release build).") var nioUrl: String?
    @Option(help: "Path of the nio-peer executable.") var nioPeerPath: String?
    @Option(help: "lws-floor to load (default: start benchmarks/lws-floor/.build/lws-floor).") var floorUrl: String?
    @Option(help: "Path of the lws-floor executable (build it with benchmarks/lws-floor/build.sh).") var floorPath: String?
    @Flag(help: "Print one JSON object instead of text.") var json = false

    /// The peers asked for with `--against`, in order.
    var peers: [String] { (against ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }

    func validate() throws {
        for peer in peers where peer != "nio" && peer != "floor" {
            throw ValidationError("--against takes nio, floor or both (\"nio,floor\"), not \"\(peer)\"")
        }
    }
}
