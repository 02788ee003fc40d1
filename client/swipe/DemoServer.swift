// The in-process server for `swipe demo`. start/stop run on the main thread; the server runs on
// its own lws service thread inside SwipeServer.
import Logging
import SwipeClient
import SwipeServer
import SwipeStoreChoice

/// A SwipeServer on a free loopback port, with the bundled decks.
struct DemoServer {
    var url: WebSocketURL
    var stop: () -> Void

    static func start() throws -> DemoServer {
        var logger = Logger(label: "swipe-demo-server")
        logger.logLevel = .critical
        let host = SwipeServerHost(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, logger: logger, store: .memory))
        let port = try host.start()
        return DemoServer(url: WebSocketURL(scheme: .ws, host: "127.0.0.1", port: port), stop: { host.stop() })
    }
}
