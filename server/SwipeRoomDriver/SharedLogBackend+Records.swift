// What the nodes share beside the rooms' logs, built here once for every shared store on its
// generic records (`SharedStore.records`) and channel (`publish`): this node's heartbeat and the
// others' liveness, one-time claims, webhook events another node takes over, deck pictures, and
// the per-address limits. Service thread only; reaches the store through `SharedStore` alone and
// the server through its RoomHost.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

extension SharedKey {
    /// A node instance's heartbeat (gone unless refreshed: `NodeHeartbeat`).
    static func heartbeat(_ instance: String) -> SharedKey { .shared("node", instance) }
    /// A thing done once over every node (`claimOnce`), set by the node that does it.
    static func once(_ key: String) -> SharedKey { .shared("once", key) }
    /// A webhook event's payload, kept until it is delivered or given up.
    static func webhook(_ key: String) -> SharedKey { .shared("webhook", key) }
    /// A deck picture's bytes by their tag (content-addressed: written once, by any node that has it).
    static func picture(_ etag: String) -> SharedKey { .shared("picture", etag) }
    /// An address's failed room-code lookups over every node.
    static func failures(_ address: String) -> SharedKey { .shared("failures", address) }
    /// The rooms an address created, over every node.
    static func rooms(_ address: String) -> SharedKey { .shared("rooms", address) }
}

extension SharedSchedule {
    /// Webhook events being sent, by when another node may take one over.
    static let webhooks = SharedSchedule("webhooks")
}

/// How a node over a shared store tells the others it is alive, the same for every such store:
/// its heartbeat is refreshed every `interval` and lives `lifetime`; a node whose heartbeat is gone
/// is lost (`SharedLogBackend.checkOtherNodes`), so its members go offline everywhere.
///
/// ```swift
/// store.records(.put(.heartbeat(instance), [1], lifetime: NodeHeartbeat.lifetime, onlyIfAbsent: false))
/// ```
package enum NodeHeartbeat {
    /// How often the heartbeat is refreshed (ms).
    package static let interval: ServerTime = 1000
    /// How long one lives (ms): three refreshes, so one late turn does not lose a node.
    package static let lifetime: ServerTime = 3000
}

extension SharedLogBackend {
    /// How long a claim (`claimOnce`) is kept: 30 days.
    static let claimLifetime: ServerTime = 30 * 86_400_000
    /// How many webhook events one look takes over at most.
    static let takeOverBatch = 10

    // MARK: this node's heartbeat, and the others'

    /// Refreshes this node's heartbeat when it is due (`NodeHeartbeat.interval` apart while the
    /// store is up, at once after it came up): true then, and the periodic look goes with it.
    func beat(at time: ServerTime) -> Bool {
        guard outage == nil, time >= nextBeat else { return false }
        nextBeat = time + NodeHeartbeat.interval
        store.records(.put(.heartbeat(instance), [1], lifetime: NodeHeartbeat.lifetime, onlyIfAbsent: false))
        return true
    }

    /// Whether each of `nodes` (other nodes' instances) still beats: `then(node, gone)` once for
    /// each, `gone` true when its heartbeat has stopped (false when the store did not answer).
    func nodesGone(among nodes: Set<String>, then: @escaping (_ node: String, _ gone: Bool) -> Void) {
        let asked = Array(nodes)
        store.records(.has(asked.map(SharedKey.heartbeat))) { answer in
            let present = answer?.present ?? []
            for (index, node) in asked.enumerated() {
                then(node, present.count == asked.count && !present[index])
            }
        }
    }

    // MARK: once over every node, and webhook events

    /// True to exactly one node that asks for `key` (false to all while the store is away).
    func claimInStore(_ key: String, then: @escaping (Bool) -> Void) {
        guard outage == nil else { return then(false) }
        store.records(.put(.once(key), Array(instance.utf8), lifetime: Self.claimLifetime, onlyIfAbsent: true)) { answer in
            then(answer?.done == true)
        }
    }

    /// Keeps a webhook event until it is settled; another node may take it over once `dueAt` (s)
    /// and the takeover time have passed.
    func keepWebhookInStore(_ key: String, payload: [UInt8], dueAt: Double) {
        store.records(.put(.webhook(key), payload, lifetime: nil, onlyIfAbsent: false))
        store.records(.schedule(key, on: .webhooks, at: dueAt * 1000 + webhookTakeover))
    }

    /// The event was delivered or given up.
    func settleWebhookInStore(_ key: String) {
        store.records(.schedule(key, on: .webhooks, at: nil))
        store.records(.remove([.webhook(key)]))
    }

    /// The kept events whose sender let their time pass, now this node's (each held for the
    /// takeover time, so no other node takes it meanwhile); one whose payload is gone leaves the list.
    func takeOverWebhooks(at time: ServerTime) {
        store.records(.takeDue(.webhooks, at: time, limit: Self.takeOverBatch, holdUntil: time + webhookTakeover)) { [unowned self] answer in
            for key in answer?.members ?? [] {
                store.records(.get(.webhook(key))) { [unowned self] answer in
                    switch answer?.value {
                    case let payload??:
                        host.logger.notice("webhook taken over from a node that did not deliver it in time")
                        host.server.webhookTakenOver(payload)
                    case .some(nil):
                        store.records(.schedule(key, on: .webhooks, at: nil))
                    case nil:
                        break   // no answer: taken over at a later look
                    }
                }
            }
        }
    }

    // MARK: deck pictures

    /// This node's deck pictures, by tag, for every node to serve (each time the store comes up):
    /// asked first whether the store has them (a reconnect sends no bytes again), then written
    /// only where none is (the tag names the bytes, so the first write is the only one).
    func publishPictures(_ pictures: [String: PictureAsset]) {
        let tags = pictures.keys.sorted()
        guard !tags.isEmpty else { return }
        store.records(.has(tags.map(SharedKey.picture))) { [unowned self] answer in
            guard let present = answer?.present, present.count == tags.count else { return }
            for (tag, there) in zip(tags, present) where !there {
                guard let asset = pictures[tag] else { continue }
                store.records(.put(.picture(tag), asset.bytes, lifetime: nil, onlyIfAbsent: true)) { [unowned self] answer in
                    if answer?.done == nil { host.logger.warning("picture \(tag) not written to the store") }
                }
            }
        }
    }
}
