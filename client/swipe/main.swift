// swipe: the executable shell. Runs on the main thread; parses flags and hands over to SwipeClient.
import ArgumentParser
import SwipeClient

@main
struct SwipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe",
        abstract: "Swipe through a shared deck with your group, in the terminal.")

    mutating func run() throws {
        print("swipe \(SwipeClientInfo.version) (\(SwipeClientInfo.cursesVersion))")
    }
}
