// swipe-server: the executable shell. Runs on the main thread; parses flags and hands over to
// SwipeServer, which owns the lws service thread.
import ArgumentParser
import SwipeServer

@main
struct SwipeServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe-server",
        abstract: "Host SwipeDeck rooms: shared decks, group voting, live card states over WebSocket.")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 7681

    mutating func run() throws {
        print("swipe-server \(SwipeServerInfo.version) would listen on \(host):\(port)")
    }
}
