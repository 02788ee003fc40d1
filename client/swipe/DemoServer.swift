// The in-process server for `swipe demo`. start/stop run on the main thread; the server runs on
// its own lws service thread inside SwipeServer.
import ArgumentParser
import SwipeClient

/// A SwipeServer on a free loopback port.
struct DemoServer {
    var url: WebSocketURL
    var stop: () -> Void

    static func start() throws -> DemoServer {
        throw ValidationError("the in-process server is not in this build yet; run swipe-server and pass --server ws://127.0.0.1:PORT")
    }
}
