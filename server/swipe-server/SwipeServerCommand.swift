// swipe-server: the executable shell. `serve` (the default) runs on the main thread until SIGINT or
// SIGTERM arrives on a dispatch queue, which stops the SwipeServerHost (its own lws service thread).
// `export` fetches a room's results over HTTP from a running server.
import ArgumentParser
import Foundation
import Logging
import SwipeServer

@main
struct SwipeServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe-server",
        abstract: "Host SwipeDeck rooms: shared decks, group voting, live card states over WebSocket.",
        discussion: """
            With no subcommand, `serve` runs: swipe-server [--host 127.0.0.1] [--port 7681] [--decks DIR] \
            [--tls-cert PEM --tls-key PEM] [--log-level info]. See `swipe-server serve --help` and docs/PROTOCOL.md.
            """,
        subcommands: [Serve.self, Export.self],
        defaultSubcommand: Serve.self)
}

/// The log levels the flag accepts.
extension Logger.Level: @retroactive ExpressibleByArgument {}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the server (the default). Prints \"listening on HOST:PORT\" first; SIGINT/SIGTERM close every connection with 1001 and exit 0.")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 7681
    @Option(help: "A directory of deck files (.json, .csv) added to the bundled decks.") var decks: String?
    @Option(name: .customLong("tls-cert"), help: "PEM certificate: serve wss:// and https://.") var tlsCert: String?
    @Option(name: .customLong("tls-key"), help: "PEM private key for --tls-cert.") var tlsKey: String?
    @Option(name: .customLong("max-messages-per-second"), help: "Sustained messages per second per connection before a flood closes it (1008).")
    var maxMessagesPerSecond: Double = TransportLimits().messagesPerSecond
    @Option(name: .customLong("message-burst"), help: "Messages a connection may send at once before the rate applies.")
    var messageBurst: Double = TransportLimits().messageBurst
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.") var logLevel: Logger.Level = .info

    func run() throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let library: DeckLibrary
        do {
            library = try decks.map(DeckLibrary.load(directory:)) ?? .bundled()
        } catch {
            throw ValidationError("\(error)")
        }
        guard maxMessagesPerSecond > 0, messageBurst >= 1 else {
            throw ValidationError("--max-messages-per-second must be positive and --message-burst at least 1")
        }
        let limits = TransportLimits(messagesPerSecond: maxMessagesPerSecond, messageBurst: messageBurst)
        let configuration = ServerConfiguration(host: host, port: port, decks: library, tlsCertificatePath: tlsCert,
                                                tlsPrivateKeyPath: tlsKey, transportLimits: limits,
                                                logger: Logger(label: "swipe-server"))
        let server = SwipeServerHost(configuration: configuration)
        let bound = try server.start()
        FileHandle.standardOutput.write(Data("listening on \(host):\(bound)\n".utf8))
        let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { server.stop() }
            source.resume()
            return source
        }
        server.waitUntilStopped()
        signals.forEach { $0.cancel() }
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a room's results (ranking with likes, nopes and who voted what) from a running server.")

    @Argument(help: "The room code.") var room: String
    @Option(help: "The running server.") var url = "http://127.0.0.1:7681"
    @Option(help: "json or csv.") var format = "json"

    func run() throws {
        guard format == "json" || format == "csv" else { throw ValidationError("--format must be json or csv, not \"\(format)\"") }
        let code = room.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? room
        guard let target = URL(string: "\(url)/rooms/\(code)/results.\(format)") else {
            throw ValidationError("--url \"\(url)\" is not a URL")
        }
        let (status, body) = try HTTPGet.fetch(target)
        guard status == 200 else {
            throw HTTPGet.Failure(description: "\(target): HTTP \(status): \(String(decoding: body, as: UTF8.self))")
        }
        FileHandle.standardOutput.write(body)
    }
}
