// The data link's Sentinel watcher: one async connection to one Sentinel, subscribed to
// `+switch-master`, so a failover (or a primary demoted while it still answers) drops the data
// link at once and the reconnect asks the Sentinels for the new primary. Re-subscribed after every
// loss, on the next Sentinel in turn. Service thread only (hiredis calls back inside ev_run; `tick`
// runs from housekeeping); touches the link's own state.
import SwipeBackend
import CHiredis
import Foundation

extension RedisLink {
    /// Opens the watcher when there is none and its retry time has come (from `tick`).
    func watchSentinel() {
        guard let sentinel, watcher == nil, now() >= watcherRetryAt, !sentinel.sentinels.isEmpty else { return }
        let address = sentinel.sentinels[watcherSentinel % sentinel.sentinels.count]
        guard let context = attach(host: address.host, port: address.port) else {
            watcherLost()
            return
        }
        if let sentinelCredentials {
            // An AUTH refused makes the SUBSCRIBE fail: the watcher is dropped and the next Sentinel tried.
            issue(sentinelCredentials.authCommand.map { Array($0.utf8) }, on: context, callback: nil, privdata: nil)
        }
        issue([Array("SUBSCRIBE".utf8), Array("+switch-master".utf8)], on: context, callback: redisLinkWatched, privdata: nil)
        watcher = context
    }

    /// The watcher's connection is gone (hiredis frees it): the next Sentinel is watched in a moment.
    func watcherLost() {
        watcher = nil
        watcherSentinel += 1
        watcherRetryAt = now() + Self.retryDelay
    }

    /// A `+switch-master` message: when it names this primary and another address, the data link
    /// is dropped (members get the outage's pause) and reconnects to whatever the Sentinels name.
    /// A link already down (the primary died) asks the Sentinels again at once instead of at its
    /// next retry: the switch is the moment they have the answer, so the node is back within one
    /// lookup of it (a retry waits up to a second for housekeeping).
    func watched(_ value: RedisValue) {
        guard let sentinel, case let .array(items) = value, items.count >= 3, items[0].text == "message",
              let text = items[2].text else { return }
        let resolver = SentinelResolver(url: sentinel)
        guard let primary = resolver.switched(text) else { return }
        if primary.host != url.host || primary.port != url.port, isUp || commandsConnecting {
            lost("Sentinel moved primary \"\(sentinel.master)\" to \(primary.host):\(primary.port)")
        }
        if !isUp { retryNow() }
    }

    /// Connects now if the link is down and waiting for its retry (no lookup or connection on its way).
    func retryNow() {
        guard !isUp, !commandsConnecting, lookup == nil else { return }
        retryAt = now()
        connect()
    }
}

private func redisLinkWatched(_ context: UnsafeMutablePointer<redisAsyncContext>?, _ reply: UnsafeMutableRawPointer?,
                              _ privdata: UnsafeMutableRawPointer?) {
    guard let context, let link = redisLink(of: context), let reply else { return }
    let value = RedisValue(copying: reply.assumingMemoryBound(to: redisReply.self))
    if case .error = value {
        redisAsyncDisconnect(context)   // after this callback; the disconnect callback drops the watcher
        return
    }
    link.watched(value)
}
