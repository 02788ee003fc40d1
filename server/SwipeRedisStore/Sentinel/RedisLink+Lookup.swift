// The data link's Sentinel lookup after a loss: SentinelResolver's steps over short-lived async
// connections on the libev loop (a Sentinel, then the primary it names), so the service thread
// never blocks on a Sentinel; each step has `lookupTimeout` to answer (checked in `tick`). Service
// thread only (hiredis calls back inside ev_run); touches the link's own lookup state. The start's
// lookup is SentinelLookup's, blocking, before the service thread exists.
import SwipeBackend
import CHiredis
import Foundation

extension RedisLink {
    /// How long one Sentinel or candidate primary may take to connect and answer (ms).
    static let lookupTimeout: Double = 300

    /// Starts asking the Sentinels; the data connections open once a primary is confirmed.
    func startLookup(_ sentinel: SentinelURL) {
        var resolver = SentinelResolver(url: sentinel)
        let step = resolver.start()
        lookup = resolver
        follow(step)
    }

    private func follow(_ step: SentinelResolver.Step) {
        switch step {
        case let .ask(sentinel, command):
            query(sentinel, command, credentials: sentinelCredentials, askingSentinel: true)
        case let .confirm(primary, command):
            query(primary, command, credentials: credentials, askingSentinel: false)
        case let .found(primary):
            lookup = nil
            openData(primary)
        case let .failed(reason):
            lookup = nil
            lost("cannot find the primary through Sentinel: \(reason)")
        }
    }

    private func query(_ address: RedisURL, _ command: [String], credentials: RedisCredentials?, askingSentinel: Bool) {
        lookupAsksSentinel = askingSentinel
        guard let context = attach(host: address.host, port: address.port) else {
            unanswered("cannot connect")
            return
        }
        lookupContext = context
        lookupDeadline = now() + Self.lookupTimeout
        if let credentials {
            issue(credentials.authCommand.map { Array($0.utf8) }, on: context, callback: redisLinkLookedUp,
                  privdata: UnsafeMutableRawPointer(bitPattern: Self.authReply))
        }
        issue(command.map { Array($0.utf8) }, on: context, callback: redisLinkLookedUp,
              privdata: UnsafeMutableRawPointer(bitPattern: Self.answerReply))
    }

    /// The privdata of the lookup's AUTH and of its question, so the callback knows which answered.
    static let authReply = 1
    static let answerReply = 2

    /// Lets the lookup's connection go: nothing it says later reaches the link.
    private func dropLookupContext(freeNow: Bool) {
        guard let context = lookupContext else { return }
        lookupContext = nil
        swipe_redis_set_data(context, nil)
        if freeNow { redisAsyncFree(context) } else { redisAsyncDisconnect(context) }
    }

    /// The asked Sentinel or candidate answered `value` (to AUTH when `isAuth`).
    func lookedUp(_ context: UnsafePointer<redisAsyncContext>, _ value: RedisValue, isAuth: Bool) {
        guard UnsafePointer(lookupContext) == context, var resolver = lookup else { return }
        var answer = value
        if isAuth {
            guard case let .error(text) = value else { return }   // accepted: the answer follows
            let hint = lookupAsksSentinel ? "check --sentinel-password-file or \(RedisCredentials.sentinelVariable)"
                : "check --store-password-file or \(RedisCredentials.environmentVariable)"
            answer = .error("AUTH: \(text); \(hint)")
        }
        dropLookupContext(freeNow: false)   // inside its own callback: hiredis closes it afterwards
        let step = lookupAsksSentinel ? resolver.sentinelAnswered(answer) : resolver.roleAnswered(answer)
        lookup = resolver
        follow(step)
    }

    /// The lookup's connection failed or closed before it answered (hiredis frees it).
    func lookupFailed(_ reason: String) {
        lookupContext = nil
        unanswered(reason)
    }

    /// The lookup's step has had its time (from `tick`).
    func checkLookupDeadline() {
        guard lookupContext != nil, now() > lookupDeadline else { return }
        dropLookupContext(freeNow: true)
        unanswered("no answer within \(Int(Self.lookupTimeout)) ms")
    }

    private func unanswered(_ reason: String) {
        guard var resolver = lookup else { return }
        let step = lookupAsksSentinel ? resolver.sentinelUnreachable(reason) : resolver.primaryUnreachable(reason)
        lookup = resolver
        follow(step)
    }
}

private func redisLinkLookedUp(_ context: UnsafeMutablePointer<redisAsyncContext>?, _ reply: UnsafeMutableRawPointer?,
                               _ privdata: UnsafeMutableRawPointer?) {
    guard let context, let link = redisLink(of: context), let reply else { return }
    link.lookedUp(context, RedisValue(copying: reply.assumingMemoryBound(to: redisReply.self)), isAuth: Int(bitPattern: privdata) == RedisLink.authReply)
}
