// swipe-server's flags for where rooms live: the data directory and its durability, or a cluster's
// Redis (its URL or Sentinels, credentials, replicas, node name), read into a `StoreChoice`. Main
// thread (parsing, before the service thread starts).
import ArgumentParser
import Foundation
import SwipeProtocol
import SwipeSQLiteStore
import SwipeRedisStore
import SwipeStore
import SwipeStoreChoice

/// `--data`, `--store`, `--durability`, `--checkpoint-every` and a cluster's flags.
struct StoreOptions: ParsableArguments {
    @Option(help: "Data directory for the durable room log (rooms.sqlite), created 0700. Default: $XDG_STATE_HOME/swipedeck or ~/.local/state/swipedeck. \":memory:\" keeps nothing.")
    var data: String?
    @Option(help: "Share rooms with every node started with the same store: redis://HOST:PORT[/DB], or redis-sentinel://HOST:PORT[,HOST:PORT…]/MASTER to find the primary through Sentinel and follow its failovers. Replaces --data (docs/SCALING.md).")
    var store: String?
    @Option(name: .customLong("sentinel-password-file"), help: "With --store redis-sentinel://: a file holding the Sentinels' own password (one line), or their ACL user and password (two lines); else SWIPEDECK_SENTINEL_PASSWORD is used. The data password stays --store-password-file.")
    var sentinelPasswordFile: String?
    @Option(name: .customLong("store-replicas"), help: "With --store: acknowledge a vote or any room event only once this many Redis replicas have it (WAIT); 0 waits for none. 1 with two replicas is the set-up to run (docs/SCALING.md).")
    var storeReplicas = 0
    @Option(name: .customLong("webhook-takeover"), help: "With --store: seconds past a webhook event's time that the node sending it has to save it again before another node takes it over and sends it (it died, or lost Redis). More than a request takes (10 s). Seconds \(SecondsFlag.orSpan).", transform: SecondsFlag.parse)
    var webhookTakeover: Double = 60
    @Option(name: .customLong("store-replica-wait"), help: "With --store-replicas: how long (ms) an event waits for the replicas; past it the member is told to send it again (closed 1013) and it is not acknowledged.")
    var storeReplicaWait = 500
    @Option(name: .customLong("store-password-file"), help: "A file holding the Redis password (one line), or an ACL user name and its password (two lines); else SWIPEDECK_REDIS_PASSWORD is used. Sent as AUTH at every connect.")
    var storePasswordFile: String?
    @Option(name: .customLong("node-id"), help: "This node's name in a cluster (default: the host name and port).")
    var nodeID: String?
    @Option(help: "normal: a committed vote survives a killed server; full: also a power cut (fsync per commit). With --store: full refuses a Redis that does not fsync every write (appendfsync always).")
    var durability: StoreDurability = .normal
    @Option(name: .customLong("checkpoint-every"), help: "Store a room's state after this many of its log records (and when it finishes), so a restart replays at most this many per room; 0 never.")
    var checkpointEvery = 1000

    /// Where rooms live, from the flags (`port`: the default node name's); a flag that does not fit
    /// the store chosen is refused, naming it.
    func choice(port: Int) throws -> StoreChoice {
        guard checkpointEvery >= 0 else { throw ValidationError("--checkpoint-every must be 0 (never) or more (got \(checkpointEvery))") }
        var cluster: ClusterConfiguration?
        if let store {
            guard data == nil else { throw ValidationError("--store and --data both name where rooms live; give one") }
            do {
                let sentinel = SentinelURL.isSentinel(store) ? try SentinelURL(parsing: store) : nil
                let url = try sentinel.map { RedisURL(host: $0.sentinels[0].host, username: $0.username) } ?? RedisURL(parsing: store)
                let name = nodeID ?? "\(ProcessInfo.processInfo.hostName):\(port)"
                guard !name.isEmpty, name.count <= 64, !name.contains(where: { $0.isWhitespace || $0 == "#" }) else {
                    throw ValidationError("--node-id must be 1 to 64 characters without spaces or # (got \"\(name)\")")
                }
                cluster = ClusterConfiguration(store: url, nodeID: name, durability: durability)
                cluster?.credentials = try Self.storeCredentials(url: url, passwordFile: storePasswordFile)
                cluster?.sentinel = sentinel
                cluster?.sentinelCredentials = try Self.sentinelCredentials(sentinel, passwordFile: sentinelPasswordFile)
                guard (0...16).contains(storeReplicas), (10...10_000).contains(storeReplicaWait) else {
                    throw ValidationError("--store-replicas must be 0 to 16 (got \(storeReplicas)) and --store-replica-wait 10 to 10000 ms (got \(storeReplicaWait))")
                }
                cluster?.replicas = storeReplicas
                cluster?.replicaWaitMilliseconds = storeReplicaWait
                guard webhookTakeover >= 1, webhookTakeover <= 86_400 else {
                    throw ValidationError("--webhook-takeover must be 1 to 86400 seconds (got \(webhookTakeover))")
                }
                cluster?.webhookTakeoverSeconds = webhookTakeover
            } catch let error as RedisURLError {
                throw ValidationError("--store: \(error)")
            }
        } else if sentinelPasswordFile != nil || storeReplicas != 0 {
            throw ValidationError("--sentinel-password-file and --store-replicas are about a cluster's Redis: they need --store")
        } else if storePasswordFile != nil {
            throw ValidationError("--store-password-file is the password of a cluster's Redis: it needs --store redis://HOST:PORT")
        } else if nodeID != nil {
            throw ValidationError("--node-id names a node of a cluster: it needs --store redis://HOST:PORT")
        }
        return StoreChoice(dataDirectory: cluster == nil ? data ?? Self.defaultDataDirectory() : nil, cluster: cluster,
                           durability: durability, checkpointInterval: checkpointEvery)
    }
}

extension StoreOptions {
    /// The Redis credentials from `--store-password-file` (read here) or `SWIPEDECK_REDIS_PASSWORD`.
    static func storeCredentials(url: RedisURL, passwordFile path: String?) throws -> RedisCredentials? {
        try RedisCredentials.resolve(urlUsername: url.username, passwordFile: try read(path, for: "--store-password-file"),
                                     environment: ProcessInfo.processInfo.environment)
    }

    /// The Sentinels' own password (`--sentinel-password-file` or SWIPEDECK_SENTINEL_PASSWORD).
    static func sentinelCredentials(_ sentinel: SentinelURL?, passwordFile path: String?) throws -> RedisCredentials? {
        guard sentinel != nil else {
            if path != nil { throw ValidationError("--sentinel-password-file needs --store redis-sentinel://HOST:PORT[,…]/MASTER") }
            return nil
        }
        return try RedisCredentials.resolve(urlUsername: nil, passwordFile: try read(path, for: "--sentinel-password-file"),
                                            environment: ProcessInfo.processInfo.environment,
                                            flag: "--sentinel-password-file", variable: RedisCredentials.sentinelVariable)
    }

    private static func read(_ path: String?, for flag: String) throws -> String? {
        guard let path else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("\(flag) \(path): cannot be read") }
        return String(decoding: data, as: UTF8.self)
    }

    /// `$XDG_STATE_HOME/swipedeck`, else `~/.local/state/swipedeck` (`StateDirectory`).
    static func defaultDataDirectory() -> String {
        StateDirectory.path(environment: ProcessInfo.processInfo.environment, fallbackHome: NSHomeDirectory())
    }
}
