// Rooms' webhooks as the shell sees them: a `create`'s `notify` checked against `--notify-allow`
// before the room exists, the room's `opened` event once it does, its `decided` event when the
// winner's record goes by, and the sender's answers. Service thread only (from `dispatch`, `apply`
// and inbox jobs; `startWebhooks` on the starting thread before the service thread runs); touches
// the shell's connections, its registry (read only) and the webhook service, never a socket: the
// POSTs are the sender's, on its own thread.
import SwipeRoomDriver
import Foundation
import SwipeNotify
import SwipeProtocol
import SwipeRooms

extension ServerShell {
    /// False (and the client told `notAllowed`, naming `--notify-allow`) when a `create`'s `notify`
    /// may not be used; otherwise the URL waits on the connection for the room it makes.
    func allowNotify(_ request: CreateRoom, from connection: Connection) -> Bool {
        connection.notify = nil
        guard let url = request.notify else { return true }
        if let refusal = configuration.notify.allowList.refusal(for: url) {
            logger.info("\(connection.id) from \(connection.address): notAllowed: \(refusal)")
            enqueue(.error(ProtocolError(.notAllowed, refusal)), to: connection)
            return false
        }
        connection.notify = url
        return true
    }

    /// After a room's effects are carried out: a creator bound to the room its `create` made (the
    /// same effects hold the room's `roomCreated` record) sends `opened`; the winner's record sends
    /// `decided` (observed here, outside the room engine). A connection whose create was refused
    /// and that then joins a room sends nothing.
    func observeWebhooks(_ effects: [RoomEffect], in code: RoomCode) {
        for effect in effects {
            switch effect {
            case let .bind(connectionID, _):
                guard let connection = connections.byID[connectionID], let url = connection.notify else { continue }
                connection.notify = nil
                guard effects.contains(where: Self.isRoomCreated) else { continue }
                webhooks.opened(room: code.rawValue, deck: registry.rooms[code]?.deckName, url: url, joinLines: joinLines(room: code),
                                at: wallSeconds)
            case let .append(record):
                guard case let .winnerDecided(card, _, _) = record.event, let room = registry.rooms[code] else { continue }
                let ranking = room.results().ranking
                let winner = ranking.first { $0.card == card }?.title
                let top = ranking.prefix(3).map { RankedOption(title: $0.title, likes: $0.likes) }
                // Every node that serves the room sees its winner: one of them (the store says which) tells the chat.
                backend.claimOnce("webhook:\(code.rawValue):decided") { [unowned self] mine in
                    if mine { webhooks.decided(room: code.rawValue, winner: winner, ranking: top, at: wallSeconds) }
                }
            case .reply, .send, .broadcast, .broadcastToProtocol1, .close, .scheduleTimer, .cancelTimer:
                continue
            }
        }
    }

    private static func isRoomCreated(_ effect: RoomEffect) -> Bool {
        guard case let .append(record) = effect, case .roomCreated = record.event else { return false }
        return true
    }

    /// Another node kept this event and did not deliver it in time: it goes out from here.
    func webhookTakenOver(_ payload: [UInt8]) {
        guard webhooks.adopt(payload: payload, at: wallSeconds) else {
            return logger.error("webhooks: an event taken over from the store cannot be read")
        }
    }

    /// A room served here has a webhook the store told of (a cluster's `created` entry).
    func roomHasWebhook(_ code: RoomCode, url: String) {
        webhooks.remember(url: url, room: code.rawValue, at: wallSeconds)
    }

    /// Starting thread, once the port is bound: the events kept from before are handed over.
    func startWebhooks(port: Int) {
        webhookState.port = port
        webhooks.pump(at: wallSeconds)
    }

    /// Service thread, as the loop ends.
    func stopWebhooks() { webhookState.service?.stop() }

    /// The webhook service, made the first time it is needed (at the latest when the server
    /// listens; earlier if a room restored at start is decided).
    var webhooks: WebhookService {
        if let service = webhookState.service { return service }
        let made = makeWebhooks()
        webhookState.service = made
        return made
    }

    /// How to join `room`, for its `opened` event: `swipe join` with `--public-url` (or the
    /// address listened on, unless it is a wildcard), and the gateway's line (`--ssh-join`).
    func joinLines(room code: RoomCode) -> [String] {
        var settings = configuration.notify
        if settings.joinServer == nil, let port = webhookState.port, !["0.0.0.0", "::", ""].contains(configuration.host) {
            let scheme = configuration.tlsCertificatePath == nil ? "ws" : "wss"
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            settings.joinServer = "\(scheme)://\(host):\(port)"
        }
        if settings.sshJoin == nil { settings.sshJoin = configuration.sshJoin }
        return settings.joinLines(room: code.rawValue)
    }

    /// Seconds since 1970 on the server's one clock (`ServerClock`): webhook times outlive the
    /// process, so they are wall-clock times.
    var wallSeconds: Double { (now + clock.wallClockAtZero) / 1000 }
}

/// The shell's webhook state: the service once made, and the port listened on (for join lines).
/// Service thread (and the starting thread before it runs).
///
/// ```swift
/// shell.webhookState.service?.stop()
/// ```
final class ShellWebhooks {
    var service: WebhookService?
    var port: Int?
}

extension ServerShell {

    /// The webhook service over the outbox its store wires: beside the room log, memory with
    /// `--data :memory:`, or memory shared through a cluster's Redis (docs/SCALING.md).
    private func makeWebhooks() -> WebhookService {
        let settings = configuration.notify
        let logger = self.logger
        let store: any WebhookStore
        do {
            store = try configuration.store.makeWebhookStore(backend, { [unowned self] in wallSeconds })
        } catch {
            logger.error("webhooks: cannot open their store (\(configuration.store.name)): \(error); events are kept in memory only")
            store = MemoryWebhookStore()
        }
        let inbox = self.inbox
        return WebhookService(settings: settings, store: store, now: wallSeconds, log: { logger.info("\($0)") }, makeSender: { capacity in
            WebhookSender(capacity: capacity, send: { [timeout = settings.timeout, connect = settings.connectTimeout] in
                CurlPost(timeout: timeout, connectTimeout: connect).post($0)
            }, finished: { key, outcome in
                inbox.post { $0.webhooks.finished(key, outcome, at: $0.wallSeconds) }
            }, due: {
                inbox.post { $0.webhooks.pump(at: $0.wallSeconds) }
            })
        })
    }
}
