// The node's two connections to Redis (commands, and SUBSCRIBE), hiredis's async API on the libev
// loop that lws runs on: no thread of its own. With Sentinel, a third watches `+switch-master`
// (RedisLink+Sentinel.swift) and every reconnect asks the Sentinels for the primary first
// (RedisLink+Lookup.swift). Service thread only: hiredis calls back from inside ev_run
// (swipe_ev_driver_turn); `tick` runs from the shell's housekeeping. Touches nothing but hiredis
// and its own state; it reports to its ClusterNode through the closures it was given.
import SwipeBackend
import CHiredis
import Foundation

/// Commands and subscriptions to one Redis, reconnecting after a loss.
final class RedisLink {
    /// What the link tells its owner.
    struct Handlers {
        /// Both connections are up (first time, or again after a loss).
        var up: () -> Void = {}
        /// A connection was lost (every pending command was answered nil first); `reason` says why.
        var down: (String) -> Void = { _ in }
        /// A message published on a subscribed channel.
        var message: (_ channel: String, _ payload: [UInt8]) -> Void = { _, _ in }
        /// Redis confirmed a SUBSCRIBE: what is published from now on arrives.
        var subscribed: (_ channel: String) -> Void = { _ in }
    }

    /// The primary connected to (with Sentinel: the last one the Sentinels named).
    private(set) var url: RedisURL
    /// The Sentinels that name the primary (nil: `url` is fixed), and their password.
    let sentinel: SentinelURL?
    let sentinelCredentials: RedisCredentials?
    /// Ask the Sentinels before the next connect (after any loss; not at start, where the probe just did).
    private var lookUpPrimary = false
    /// The `+switch-master` watcher's connection to one Sentinel, and its state (RedisLink+Sentinel).
    var watcher: UnsafeMutablePointer<redisAsyncContext>?
    var watcherSentinel = 0
    var watcherRetryAt: Double = 0
    /// The lookup on its way after a loss (RedisLink+Lookup): its steps, its connection, and until when it may answer.
    var lookup: SentinelResolver?
    var lookupContext: UnsafeMutablePointer<redisAsyncContext>?
    var lookupAsksSentinel = true
    var lookupDeadline: Double = 0
    /// Sent as AUTH first on both connections, at every (re)connect; nil: none.
    let credentials: RedisCredentials?
    private let loop: UnsafeMutableRawPointer
    /// The owner's clock (ms, monotonic): deadlines and retries are measured on it.
    let now: () -> Double
    var handlers = Handlers()
    private var commands: UnsafeMutablePointer<redisAsyncContext>?
    private var subscriber: UnsafeMutablePointer<redisAsyncContext>?
    private var commandsConnected = false
    private var subscriberConnected = false
    private(set) var isUp = false
    /// Connections are open and not yet up (connecting, authenticating).
    var commandsConnecting: Bool { !isUp && (commands != nil || subscriber != nil) }
    private var pending: [Int: (deadline: Double, reply: (RedisValue?) -> Void)] = [:]
    private var nextRequest = 1
    /// When `tick` connects again after a loss (RedisLink+Sentinel's `retryNow` brings it forward).
    var retryAt: Double = 0
    private var lastReason = ""
    /// How long a command may go unanswered before the link is taken as lost (ms).
    static let commandDeadline: Double = 2000
    /// How soon after a loss the link tries again (ms).
    static let retryDelay: Double = 500

    init(url: RedisURL, credentials: RedisCredentials? = nil, sentinel: SentinelURL? = nil, sentinelCredentials: RedisCredentials? = nil,
         loop: UnsafeMutableRawPointer, clock: @escaping () -> Double) {
        self.url = url
        self.credentials = credentials
        self.sentinel = sentinel
        self.sentinelCredentials = sentinelCredentials
        self.loop = loop
        now = clock
    }

    /// Starts connecting (both connections); `handlers.up` follows once both are connected.
    func connect() {
        guard commands == nil, subscriber == nil, lookup == nil else { return }
        if let sentinel, lookUpPrimary {
            startLookup(sentinel)   // then `openData(primary)`
            return
        }
        openData()
    }

    /// Opens both data connections to `primary` (nil: to `url`).
    func openData(_ primary: RedisURL? = nil) {
        if let primary { url = RedisURL(host: primary.host, port: primary.port, database: url.database, username: primary.username) }
        commands = open(isSubscriber: false)
        subscriber = open(isSubscriber: true)
        if commands == nil || subscriber == nil { lost("cannot connect to \(url): \(lastReason)") }
    }

    private func open(isSubscriber: Bool) -> UnsafeMutablePointer<redisAsyncContext>? {
        guard let context = attach(host: url.host, port: url.port) else { return nil }
        // Queued before anything else: Redis answers in order, so nothing runs unauthenticated,
        // and the connection counts as up only once this is answered OK (`authenticated`).
        if let credentials {
            issue(credentials.authCommand.map { Array($0.utf8) }, on: context, callback: redisLinkAuthenticated, privdata: nil)
        }
        if url.database != 0 {
            let select = [Array("SELECT".utf8), Array(String(url.database).utf8)]
            issue(select, on: context, callback: nil, privdata: nil)
        }
        return context
    }

    /// A new async connection on the loop, reporting to this link (nil: `lastReason` says why).
    func attach(host: String, port: Int) -> UnsafeMutablePointer<redisAsyncContext>? {
        guard let context = redisAsyncConnect(host, Int32(port)) else { lastReason = "out of memory"; return nil }
        if swipe_redis_async_error(context) != 0 {
            lastReason = String(cString: swipe_redis_async_errstr(context))
            redisAsyncFree(context)
            return nil
        }
        swipe_redis_set_data(context, Unmanaged.passUnretained(self).toOpaque())
        guard swipe_redis_attach(context, loop) == REDIS_OK else {
            lastReason = "cannot attach to the event loop"
            redisAsyncFree(context)
            return nil
        }
        redisAsyncSetConnectCallback(context, redisLinkConnected)
        redisAsyncSetDisconnectCallback(context, redisLinkDisconnected)
        return context
    }

    /// Sends a command; `reply` gets the answer, or nil when the link was lost first.
    ///
    /// ```swift
    /// link.send(["GET", "k"]) { print($0?.text ?? "lost") }
    /// ```
    func send(_ words: [String], reply: @escaping (RedisValue?) -> Void = { _ in }) {
        send(words.map { Array($0.utf8) }, reply: reply)
    }

    /// Sends a command of binary-safe arguments; `reply` gets the answer, or nil when the link was lost first.
    func send(_ arguments: [[UInt8]], reply: @escaping (RedisValue?) -> Void = { _ in }) {
        guard isUp, let commands else { reply(nil); return }
        let request = nextRequest
        nextRequest += 1
        pending[request] = (now() + Self.commandDeadline, reply)
        if !issue(arguments, on: commands, callback: redisLinkReplied, privdata: UnsafeMutableRawPointer(bitPattern: request)) {
            pending[request] = nil
            reply(nil)
        }
    }

    func subscribe(_ channel: String) { subscription("SUBSCRIBE", channel) }
    func unsubscribe(_ channel: String) { subscription("UNSUBSCRIBE", channel) }

    private func subscription(_ verb: String, _ channel: String) {
        guard isUp, let subscriber else { return }
        issue([Array(verb.utf8), Array(channel.utf8)], on: subscriber, callback: redisLinkPublished, privdata: nil)
    }

    @discardableResult
    func issue(_ arguments: [[UInt8]], on context: UnsafeMutablePointer<redisAsyncContext>,
                       callback: (@convention(c) (UnsafeMutablePointer<redisAsyncContext>?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void)?, privdata: UnsafeMutableRawPointer?) -> Bool {
        let count = arguments.count
        let pointers = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: count)
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: count)
        var copies: [UnsafeMutablePointer<UInt8>] = []
        defer {
            copies.forEach { $0.deallocate() }
            pointers.deallocate()
            lengths.deallocate()
        }
        for (index, argument) in arguments.enumerated() {
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, argument.count))
            argument.withUnsafeBufferPointer { if let base = $0.baseAddress { copy.update(from: base, count: argument.count) } }
            copies.append(copy)
            pointers[index] = UnsafeRawPointer(copy).assumingMemoryBound(to: CChar.self)
            lengths[index] = argument.count
        }
        return redisAsyncCommandArgv(context, callback, privdata, Int32(count), pointers, lengths) == REDIS_OK
    }

    /// Deadlines and reconnecting; the node calls it from housekeeping, at least once a second.
    func tick() {
        watchSentinel()
        checkLookupDeadline()
        if commands == nil && subscriber == nil {
            if now() >= retryAt { connect() }
            return
        }
        if let oldest = pending.values.map(\.deadline).min(), now() > oldest {
            lost("Redis at \(url) did not answer within \(Int(Self.commandDeadline)) ms")
        }
    }

    /// Drops both connections (each pending command is answered nil) and reports `reason`.
    func lost(_ reason: String) {
        let wasUp = isUp
        isUp = false
        lookUpPrimary = sentinel != nil
        commandsConnected = false
        subscriberConnected = false
        retryAt = now() + Self.retryDelay
        let contexts = [commands, subscriber]
        commands = nil
        subscriber = nil
        for case let context? in contexts {
            swipe_redis_set_data(context, nil)
            redisAsyncFree(context)   // answers what is pending with NULL (the data is gone: ignored)
        }
        failPending()
        if wasUp || lastReason != reason { handlers.down(reason) }
        lastReason = reason
    }

    private func failPending() {
        let waiting = pending.sorted { $0.key < $1.key }
        pending = [:]
        for (_, entry) in waiting { entry.reply(nil) }
    }

    /// Closes both connections for good (the server is stopping).
    func close() {
        let contexts = [commands, subscriber, watcher, lookupContext]
        commands = nil
        subscriber = nil
        watcher = nil
        lookupContext = nil
        lookup = nil
        isUp = false
        for case let context? in contexts {
            swipe_redis_set_data(context, nil)
            redisAsyncFree(context)
        }
        pending = [:]
    }

    // MARK: hiredis callbacks (inside ev_run)

    func connected(_ context: UnsafePointer<redisAsyncContext>, ok: Bool) {
        if UnsafePointer(watcher) == context {
            if !ok { watcherLost() }
            return
        }
        if UnsafePointer(lookupContext) == context {
            if !ok { lookupFailed(String(cString: swipe_redis_async_errstr(context))) }
            return
        }
        guard ok else {
            let reason = String(cString: swipe_redis_async_errstr(context))
            // hiredis frees the context after this callback.
            if UnsafePointer(commands) == context { commands = nil } else if UnsafePointer(subscriber) == context { subscriber = nil }
            lost("cannot connect to \(url): \(reason)")
            return
        }
        if credentials == nil { ready(context) }
    }

    /// Redis answered the AUTH sent first on `context`: an error (a wrong or changed password)
    /// drops the link like a lost connection, with a reason that says so; it is retried.
    func authenticated(_ context: UnsafePointer<redisAsyncContext>, _ value: RedisValue) {
        if case let .error(text) = value {
            lost("Redis at \(url) refused \(credentials.map(String.init(describing:)) ?? "the password") (AUTH: \(text)); "
                + "check --store-password-file or \(RedisCredentials.environmentVariable)")
            return
        }
        ready(context)
    }

    private func ready(_ context: UnsafePointer<redisAsyncContext>) {
        if UnsafePointer(commands) == context { commandsConnected = true }
        if UnsafePointer(subscriber) == context { subscriberConnected = true }
        if commandsConnected && subscriberConnected && !isUp {
            isUp = true
            lastReason = ""
            handlers.up()
        }
    }

    func disconnected(_ context: UnsafePointer<redisAsyncContext>, reason: String) {
        if UnsafePointer(watcher) == context { watcherLost(); return }
        if UnsafePointer(lookupContext) == context { lookupFailed("closed before it answered: \(reason)"); return }
        // hiredis frees the context after this callback.
        if UnsafePointer(commands) == context { commands = nil } else if UnsafePointer(subscriber) == context { subscriber = nil }
        lost("lost the connection to \(url): \(reason)")
    }

    func replied(_ request: Int, _ value: RedisValue?) {
        guard let entry = pending.removeValue(forKey: request) else { return }
        // The primary was demoted (a failover) or lost its replicas' quorum: as a lost link, and
        // the next connect asks the Sentinels again.
        if case let .error(text)? = value, text.hasPrefix("READONLY") || text.hasPrefix("MASTERDOWN") || text.contains("-READONLY") {
            lost("Redis at \(url) no longer takes writes (\(text.prefix(80)))")
            entry.reply(nil)
            return
        }
        entry.reply(value)
    }

    func published(_ value: RedisValue) {
        guard case let .array(items) = value, items.count >= 3, let kind = items[0].text, let channel = items[1].text else { return }
        switch kind {
        case "message": if case let .string(payload) = items[2] { handlers.message(channel, payload) }
        case "subscribe": handlers.subscribed(channel)
        default: break
        }
    }
}
