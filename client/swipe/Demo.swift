// swipe demo: hosts a room in-process (SwipeServer on a free loopback port) with simulated members,
// then opens the screen. Runs on the main thread; the server and the bots run on their own threads.
import ArgumentParser
import SwipeClient

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Try it alone: a local room with a bundled deck and simulated friends who vote too.")

    @Option(help: "Your name in the demo room.")
    var name: String = "You"

    @Option(help: "How many simulated members join (1 to 3).")
    var bots: Int = 3

    @OptionGroup var screen: ScreenOptions

    func validate() throws {
        try checkName(name)
        guard (1...3).contains(bots) else { throw ValidationError("--bots must be 1, 2 or 3 (got \(bots))") }
    }

    func run() throws {
        throw ValidationError("swipe demo is not available in this build yet (it needs the in-process server)")
    }
}
