// swipe-bench: the executable shell. Runs on the main thread; drives load generators and render
// benchmarks (docs/BENCHMARKS.md).
import ArgumentParser

@main
struct SwipeBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe-bench",
        abstract: "Measure SwipeDeck: broadcast load, latency, memory, and terminal rendering.")

    mutating func run() throws {
        print("swipe-bench: not yet implemented")
    }
}
