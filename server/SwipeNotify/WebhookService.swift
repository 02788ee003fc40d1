// The rooms' webhooks as the service thread runs them: the allow list, the outbox (the delivery
// state machine), its store and the sender. Service thread only (and the starting thread before
// it runs); it touches its store and hands requests to the sender, whose answers come back as
// jobs the service thread runs (`finished`, `pump`).
import Foundation
import SwipeStore

/// How `swipe-server` delivers rooms' webhooks (`--notify-allow`, and the lines the `opened`
/// event names).
///
/// ```swift
/// var settings = NotifySettings()
/// settings.allowList = try NotifyAllowList(parsing: ["hooks.slack.com"])
/// settings.joinServer = "wss://swipe.example.org"
/// ```
public struct NotifySettings: Hashable, Sendable {
    /// The hosts a `notify` may name (none by default).
    public var allowList = NotifyAllowList()
    /// Retry delays and bounds.
    public var policy = WebhookPolicy()
    /// The server as members reach it (`ws://HOST:PORT`), for the `swipe join` line; nil: none.
    public var joinServer: String?
    /// The SSH gateway's line (`--ssh-join`), for the `ssh … CODE` line; nil: none.
    public var sshJoin: String?
    /// Seconds a POST may take in all, and to connect.
    public var timeout = 10
    public var connectTimeout = 5

    public init() {}

    /// The lines that join `room`, as `opened` names them.
    ///
    /// ```swift
    /// var settings = NotifySettings()
    /// settings.joinServer = "ws://swipe.example.org:7681"
    /// settings.sshJoin = "ssh -t -p 2222 swipe@swipe.example.org"
    /// settings.joinLines(room: "K7QM")   // ["swipe join ws://swipe.example.org:7681/K7QM", "ssh -t -p 2222 swipe@swipe.example.org K7QM"]
    /// ```
    public func joinLines(room: String) -> [String] {
        var lines: [String] = []
        if let joinServer {
            let base = joinServer.hasSuffix("/") ? String(joinServer.dropLast()) : joinServer
            lines.append("swipe join \(base)/\(room)")
        }
        if let sshJoin { lines.append("\(sshJoin) \(room)") }
        return lines
    }
}

/// The webhooks of every room this server serves. `opened` and `decided` keep the event and hand
/// it to the sender; the sender's answers come back through `finished`; `pump` hands over what is
/// due. A store that fails is logged and the event goes on in memory.
///
/// ```swift
/// let service = WebhookService(settings: settings, store: MemoryWebhookStore(), now: now, log: { print($0) },
///                              makeSender: { WebhookSender(capacity: $0, finished: …, due: …) })
/// service.opened(room: "K7QM-X4TD-9R", deck: "lunch", url: "https://hooks.example/x", joinLines: settings.joinLines(room: "K7QM-X4TD-9R"), at: now)
/// ```
public final class WebhookService {
    public let settings: NotifySettings
    public private(set) var outbox: WebhookOutbox
    private let store: any WebhookStore
    private let log: (String) -> Void
    private let makeSender: (Int) -> WebhookSender
    private var sender: WebhookSender?

    /// Loads what `store` kept: pending events whose host the allow list no longer lists are given up.
    public init(settings: NotifySettings, store: any WebhookStore, now: Double, log: @escaping (String) -> Void,
                makeSender: @escaping (Int) -> WebhookSender) {
        self.settings = settings
        self.store = store
        self.log = log
        self.makeSender = makeSender
        outbox = WebhookOutbox(policy: settings.policy)
        var records: [WebhookRecord] = []
        do { records = try store.loadWebhooks() } catch { log("webhooks: cannot read the kept events: \(error)") }
        for var record in records where record.state == .pending {
            guard let refusal = settings.allowList.refusal(for: record.url) else { continue }
            record.state = .gaveUp
            log("webhook \(record.key) given up: \(refusal)")
            save(record)
            records = records.map { $0.key == record.key ? record : $0 }
        }
        outbox.restore(records)
    }

    /// Why `url` may not be a room's webhook (naming `--notify-allow`), or nil.
    ///
    /// ```swift
    /// service.refusal(for: "https://evil.example/x")   // "create: notify: evil.example is not one of …"
    /// ```
    public func refusal(for url: String) -> String? { settings.allowList.refusal(for: url) }

    /// Room `room` was created with webhook `url`: its URL is kept (for `decided`) and `opened`,
    /// naming `joinLines`, is sent.
    ///
    /// ```swift
    /// service.opened(room: "R", deck: "lunch", url: "https://hooks.example/x", joinLines: ["swipe join ws://h.example/R"], at: now)
    /// ```
    public func opened(room: String, deck: String?, url: String, joinLines: [String], at now: Double) {
        do { try store.keepNotifyURL(url, room: room, at: now) } catch { log("webhooks: cannot keep room \(room)'s URL: \(error)") }
        perform(outbox.enqueue(.opened(room: room, deck: deck, joinLines: joinLines), to: url, at: now))
        pump(at: now)
    }

    /// Takes on a pending event another server kept and did not deliver (the same key: a receiver
    /// that got it before sees the same `Idempotency-Key`), and sends it when due.
    ///
    /// ```swift
    /// service.adopt(record, at: now)
    /// ```
    /// An event as a shared store keeps it (its JSON, `SharedWebhookStore`), taken over from
    /// another node: false when it cannot be read.
    ///
    /// ```swift
    /// service.adopt(payload: payload, at: now)
    /// ```
    public func adopt(payload: [UInt8], at now: Double) -> Bool {
        guard let record = try? JSONDecoder().decode(WebhookRecord.self, from: Data(payload)) else { return false }
        adopt(record, at: now)
        return true
    }

    public func adopt(_ record: WebhookRecord, at now: Double) {
        guard record.state == .pending, outbox.pending[record.key] == nil else { return }
        outbox.restore([record])
        save(record)
        pump(at: now)
    }

    /// Keeps `url` as room `room`'s webhook without an `opened` event (a node that did not create
    /// the room learns it from the store).
    ///
    /// ```swift
    /// service.remember(url: "https://hooks.example/x", room: "R", at: now)
    /// ```
    public func remember(url: String, room: String, at now: Double) {
        do { try store.keepNotifyURL(url, room: room, at: now) } catch { log("webhooks: cannot keep room \(room)'s URL: \(error)") }
    }

    /// Room `room` has its one decision: `decided` is sent if the room has a webhook, whose URL
    /// is then forgotten.
    ///
    /// ```swift
    /// service.decided(room: "R", winner: "Pho", ranking: [RankedOption(title: "Pho", likes: 3)], at: now)
    /// ```
    public func decided(room: String, winner: String?, ranking: [RankedOption], at now: Double) {
        let url: String?
        do { url = try store.notifyURL(room: room) } catch {
            log("webhooks: cannot read room \(room)'s URL: \(error)")
            return
        }
        guard let url else { return }
        perform(outbox.enqueue(.decided(room: room, winner: winner, ranking: ranking), to: url, at: now))
        do { try store.forgetNotifyURL(room: room) } catch { log("webhooks: cannot forget room \(room)'s URL: \(error)") }
        pump(at: now)
    }

    /// The sender's answer for `key`.
    ///
    /// ```swift
    /// service.finished("swipedeck-R-opened", .status(204), at: now)   // delivered: never sent again
    /// ```
    public func finished(_ key: String, _ outcome: WebhookOutcome, at now: Double) {
        perform(outbox.finished(key, outcome, at: now))
        pump(at: now)
    }

    /// Hands the sender what is due, and asks to be woken for the next.
    ///
    /// ```swift
    /// service.pump(at: now)   // at start, and when the sender's wake-up comes
    /// ```
    public func pump(at now: Double) {
        perform(outbox.due(at: now))
        if let next = outbox.nextDue { activeSender.wake(at: next) } else { sender?.wake(at: nil) }
    }

    /// The sender, made (its thread not yet started) the first time there is something to send.
    private var activeSender: WebhookSender {
        if let sender { return sender }
        let made = makeSender(settings.policy.maxInFlight)
        sender = made
        return made
    }

    /// Ends the sender's thread (a POST under way finishes first).
    ///
    /// ```swift
    /// service.stop()
    /// ```
    public func stop() { sender?.stop() }

    private func perform(_ effects: [WebhookEffect]) {
        for effect in effects {
            switch effect {
            case let .save(record):
                save(record)
            case let .send(request):
                if !activeSender.submit(request) { log("webhook \(request.key): the sender is stopped") }
            case let .log(line):
                log(line)
            }
        }
    }

    private func save(_ record: WebhookRecord) {
        do { try store.saveWebhook(record) } catch { log("webhooks: cannot keep \(record.key): \(error)") }
    }
}
