// nio-peer: the main thread parses arguments, binds, prints the URL, and waits for the server
// channel to close. All connection work runs on the EventLoopGroup's threads (one per core).
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

var host = "127.0.0.1"
var port = 0
var threads = System.coreCount
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--host": host = arguments.next() ?? host
    case "--port": port = Int(arguments.next() ?? "") ?? -1
    case "--threads": threads = Int(arguments.next() ?? "") ?? -1
    default:
        FileHandle.standardError.write(Data("nio-peer: unknown argument \(argument) (use --host, --port, --threads)\n".utf8))
        exit(2)
    }
}
guard (0...65535).contains(port), threads >= 1 else {
    FileHandle.standardError.write(Data("nio-peer: --port must be 0…65535 and --threads at least 1\n".utf8))
    exit(2)
}

let subprotocol = "swipedeck.v1"
let directory = RoomDirectory()
let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)

let upgrader = NIOWebSocketServerUpgrader(
    maxFrameSize: 1 << 20,
    automaticErrorHandling: true,
    shouldUpgrade: { channel, head in
        var headers = HTTPHeaders()
        let offered = head.headers[canonicalForm: "Sec-WebSocket-Protocol"].map(String.init)
        if offered.contains(subprotocol) { headers.add(name: "Sec-WebSocket-Protocol", value: subprotocol) }
        return channel.eventLoop.makeSucceededFuture(headers)
    },
    upgradePipelineHandler: { channel, _ in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(NIOWebSocketFrameAggregator(
                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1024, maxAccumulatedFrameSize: 1 << 20))
            try channel.pipeline.syncOperations.addHandler(PeerHandler(directory: directory))
        }
    })

let bootstrap = ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 4096)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
    .childChannelOption(.maxMessagesPerRead, value: 16)
    .childChannelInitializer { channel in
        channel.pipeline.configureHTTPServerPipeline(
            withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
    }

do {
    let channel = try bootstrap.bind(host: host, port: port).wait()
    let bound = channel.localAddress?.port ?? port
    print("nio-peer listening on ws://\(host):\(bound)/ with \(threads) event loops")
    fflush(nil)
    try channel.closeFuture.wait()
} catch {
    FileHandle.standardError.write(Data("nio-peer: could not listen on \(host):\(port): \(error)\n".utf8))
    exit(1)
}
