// swipe demo: hosts a room in-process (SwipeServer on a free loopback port) with simulated members,
// then opens the screen. Runs on the main thread; the server and the bots run on their own threads.
import ArgumentParser
import SwipeClient
import SwipeProtocol

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Try it alone: a local room with a bundled deck and simulated friends who vote too.")

    @Option(help: "Your name in the demo room.")
    var name: String = "You"

    @Option(help: "How many simulated members join (1 to 3).")
    var bots: Int = 3

    @Option(help: "The bundled deck to use (movies, restaurants, world-cinema).")
    var deck: String = "movies"

    @Option(help: ArgumentHelp(LayoutFlag.help))
    var layout: String = RoomLayout.stack.rawValue

    @Option(help: "Use this running server (ws://HOST:PORT) instead of starting one in-process.")
    var server: String?

    @OptionGroup var screen: ScreenOptions

    func validate() throws {
        try checkName(name)
        guard (1...3).contains(bots) else { throw ValidationError("--bots must be 1, 2 or 3 (got \(bots))") }
        if let server { _ = try WebSocketURL(parsing: server) }
        _ = try parseLayout(layout)
    }

    func run() throws {
        let local = server == nil ? try DemoServer.start() : nil
        defer { local?.stop() }
        let url = try local?.url ?? WebSocketURL(parsing: server ?? "")
        let crew = try DemoCrew(url: url, human: name, count: bots, deck: deck, layout: try parseLayout(layout))
        defer { crew.stop() }
        guard let code = crew.waitForRoom(timeout: 10) else {
            throw ValidationError("the demo room could not be created on \(url) (is the server running?)")
        }
        let options = ClientOptions(name: name, entry: .join(room: code, role: nil), colour: !screen.noColor, bidi: screen.bidi).drawing(pictures: screen.pictures)
        throw ExitCode(try SwipeApp.run(url: url, options: options))
    }
}
