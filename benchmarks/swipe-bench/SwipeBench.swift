// swipe-bench: the executable shell. Runs on the main thread; drives load generators and render
// benchmarks (docs/BENCHMARKS.md). Ignores SIGPIPE so a peer hanging up cannot kill the run.
import ArgumentParser
import Foundation

@main
struct SwipeBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe-bench",
        abstract: "Measure SwipeDeck: broadcast load, latency, memory, terminal rendering, and restart time.",
        subcommands: [LoadCommand.self, IdleCommand.self, RenderCommand.self, RestartCommand.self, HibernationCommand.self])
}
