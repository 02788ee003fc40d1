import SwipeRoomDriver
import Logging
import SwipeBackend
import SwipeNotify
import SwipeProtocol
import SwipeRooms

/// Everything a `SwipeServerHost` needs: where rooms live (`store`, wired by `StoreChoice`), and
/// the rest, whose defaults work with no flags: 127.0.0.1:7681, the bundled decks, no TLS.
///
/// ```swift
/// var configuration = ServerConfiguration(store: .memory)
/// configuration.port = 0            // ephemeral: `start()` returns the bound port
/// configuration.decks = try DeckLibrary.load(directory: "decks")
/// // In-process under a TUI (`swipe demo`), keep the terminal clean:
/// configuration.logger = Logger(label: "swipe-server", factory: { _ in SwiftLogNoOpLogHandler() })
/// ```
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var decks: DeckLibrary
    /// PEM certificate and key: both set turns on TLS (wss:// and https:// on the same port).
    public var tlsCertificatePath: String?
    public var tlsPrivateKeyPath: String?
    public var transportLimits: TransportLimits
    public var registryLimits: RegistryLimits
    public var random: any RandomSource
    /// Receives every durable record (`RoomEffect.append`) on the service thread, before the acks that follow it.
    public var recordSink: (@Sendable (LogRecord) -> Void)?
    public var logger: Logger
    /// Where rooms live, as the executable chose from its flags (`StoreChoice`): this target
    /// imports no store, and asks nothing else of one.
    public var store: StoreWiring
    /// Browser origins allowed to open a WebSocket (e.g. "https://swipe.example"); empty allows any.
    /// An upgrade whose Origin header is not listed gets 403. Requests without Origin (terminal
    /// clients) are not affected.
    public var allowedOrigins: [String] = []
    /// Offer permessage-deflate. Off by default: libwebsockets 4.1.6's server-side inflate was seen
    /// corrupting larger client messages (docs/BENCHMARKS.md); small messages were unaffected.
    public var deflate = false
    /// How the service thread waits for sockets: epoll through a libev loop (the default), or lws's
    /// own poll() over every socket (O(connections) per wake-up; kept as a fallback).
    public var eventLoop: EventLoopBackend = .epoll
    /// After a restart, how long (ms) members restored from the log still count as a lockstep
    /// card's voters before those who have not resumed are taken as gone (docs/OPERATIONS.md).
    public var restartGrace: Double = 60_000
    /// How long (ms) a lockstep voter whose connection dropped (no goodbye: a crash, a network
    /// that went away, an idle timeout) still counts for the current card, so they can reconnect
    /// before it is decided without them. Someone who quits or presses Ctrl-C is gone at once.
    public var dropGrace: Double = 15_000
    /// A room that nobody but its creator ever joined is evicted (and forgotten in the log) this
    /// many seconds after everyone left it, instead of after 30 minutes.
    public var unjoinedRoomTimeoutSeconds: Double = 120
    /// How long a room without a closing time is kept once nobody is connected (`--abandoned-room-timeout`).
    public var abandonedRoomTimeoutSeconds: Double = RoomRules.abandonedAfter / 1000
    /// How long a room with a closing time is kept for its results after it (`--keep-decided`).
    public var keepDecidedSeconds: Double = RegistryLimits.defaultKeepDecided / 1000
    /// How long a room nobody is connected to stays in memory before it hibernates in the log
    /// (`--hibernate-after`; nil: never). Only with a data directory: without a log there is nowhere to keep it.
    public var hibernateAfterSeconds: Double? = 60
    /// The open rooms this server keeps, in memory and hibernated together (`--max-open-rooms`).
    public var maxOpenRooms = 100_000
    /// Show a trusted SSH gateway's key tags beside members' names (`--no-key-tags`: off).
    public var keyTags = true
    /// Reverse proxies whose `Forwarded` / `X-Forwarded-For` name the client (`--trust-proxy`).
    /// Per-address limits then count the client, not the proxy; headers from anyone else are ignored.
    public var trustedProxies: [AddressRange] = []
    /// Who may read `GET /metrics` (`--metrics-allow`; loopback unless turned off).
    public var metricsAccess = MetricsAccess()
    /// The SSH gateway's join line (`--ssh-join`), sent in every `welcome` so the lobby shows it.
    ///
    /// ```swift
    /// configuration.sshJoin = "ssh -t -p 2222 swipe@swipe.example.org"
    /// ```
    public var sshJoin: String?
    /// The pictures a host uploads with their own deck: each, a room's together, all under way
    /// (`--max-picture-bytes`, `--max-picture-pixels`, `--max-room-picture-bytes`).
    public var uploadLimits = UploadLimits()
    /// Rooms' webhooks: the hosts a `notify` may name (`--notify-allow`), retries, the join line.
    ///
    /// ```swift
    /// configuration.notify.allowList = try NotifyAllowList(parsing: ["hooks.slack.com"])
    /// ```
    public var notify = NotifySettings()

    public init(host: String = "127.0.0.1", port: Int = 7681, decks: DeckLibrary = .bundled(),
                tlsCertificatePath: String? = nil, tlsPrivateKeyPath: String? = nil,
                transportLimits: TransportLimits = TransportLimits(), registryLimits: RegistryLimits = RegistryLimits(),
                random: any RandomSource = SystemRandom(), recordSink: (@Sendable (LogRecord) -> Void)? = nil,
                logger: Logger = Logger(label: "swipe-server"), store: StoreWiring) {
        self.host = host
        self.port = port
        self.decks = decks
        self.tlsCertificatePath = tlsCertificatePath
        self.tlsPrivateKeyPath = tlsPrivateKeyPath
        self.transportLimits = transportLimits
        self.registryLimits = registryLimits
        self.random = random
        self.recordSink = recordSink
        self.logger = logger
        self.store = store
    }
}

/// How the server's one service thread waits for its sockets.
///
/// ```swift
/// var configuration = ServerConfiguration(store: .memory)
/// configuration.eventLoop = .poll   // lws's own poll() loop
/// ```
public enum EventLoopBackend: String, CaseIterable, Sendable {
    /// A libev loop on epoll, handed to lws as a foreign loop: a wake-up costs O(ready sockets).
    case epoll
    /// lws's built-in poll() over every socket.
    case poll
}
