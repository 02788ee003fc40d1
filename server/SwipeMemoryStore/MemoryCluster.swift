// What the nodes of a cluster in one process share, in memory: the rooms' logs and the records a
// shared store keeps beside them (values, schedules, windows, owners' rooms), and the answers and
// publications on their way to each node, in order, until `deliver` hands them over. The shared store the driver's tests run over (`MemorySharedStore`, one per
// node). Service thread only (a test's thread); it touches nothing but its own state and calls
// back only from `deliver`, `goDown` and `comeUp`.
import SwipeBackend
import SwipeProtocol
import SwipeRooms

/// Several nodes' shared store in memory: what Redis keeps for a cluster, with the network's
/// delays in a queue the test empties (`deliver`), a store that goes away (`goDown`), and a lost
/// publication (`losePublications`).
///
/// ```swift
/// let cluster = MemoryCluster()
/// let a = MemorySharedStore(cluster: cluster) { clock.now }
/// cluster.deliver()            // every answer and publication on its way, in order
/// cluster.goDown("killed")     // pending answers fail, every node is told
/// ```
package final class MemoryCluster {
    /// One room's log: its entries, whether it is closed, the idempotency keys it has seen.
    package struct Log {
        package internal(set) var entries: [LoggedEntry] = []
        package internal(set) var closed = false
        var seen: [String: Int] = [:]
    }

    package internal(set) var logs: [RoomCode: Log] = [:]
    /// Shared records: each value, and until when it lives (nil: until removed).
    var values: [String: (value: [UInt8], until: ServerTime?)] = [:]
    /// Each room's records (`SharedKey.inRoom`), gone when it is sealed.
    var roomRecords: [RoomCode: [String: [UInt8]]] = [:]
    /// Each schedule's members, by time.
    package internal(set) var schedules: [SharedSchedule: [String: ServerTime]] = [:]
    /// Each window's events' times.
    var windows: [String: [ServerTime]] = [:]
    /// Each owner's rooms, by when they were counted.
    var owned: [String: [RoomCode: ServerTime]] = [:]
    /// The connected nodes' stores.
    var stores: [MemorySharedStore] = []
    /// Why the store cannot be reached (nil: it can).
    package private(set) var outage: String?
    /// Set: what is published from now on reaches no node (a lost pub/sub message); answers still do.
    package var losePublications = false
    /// How many appends the store took (each `appended` answer).
    package private(set) var appends = 0

    /// Answers and publications on their way, oldest first; `failed` is what each becomes if the store goes away first.
    private var onTheWay: [(deliver: () -> Void, failed: () -> Void)] = []

    package init() {}

    /// Hands every answer and publication on its way over, in order, and those they cause, until none is left.
    package func deliver() {
        while !onTheWay.isEmpty { onTheWay.removeFirst().deliver() }
    }

    /// Hands over only the oldest answer or publication on its way (and queues what it causes): a
    /// step of the network, after which a test can fail the store or a node.
    package func deliverOne() {
        if !onTheWay.isEmpty { onTheWay.removeFirst().deliver() }
    }

    /// How many answers and publications are on their way.
    package var pending: Int { onTheWay.count }

    /// The store goes away: every pending answer fails first, then every node is told.
    package func goDown(_ reason: String) {
        outage = reason
        let lost = onTheWay
        onTheWay = []
        lost.forEach { $0.failed() }
        for store in stores { store.events?.storeWentDown(reason) }
    }

    /// The store is back: every node is told.
    package func comeUp() {
        outage = nil
        for store in stores { store.events?.storeCameUp() }
    }

    func send(_ deliver: @escaping () -> Void, failed: @escaping () -> Void = {}) {
        guard outage == nil else { return failed() }
        onTheWay.append((deliver, failed))
    }

    /// The append script's rules: a create of a room that exists, an append to one that does not
    /// or is closed, a key seen, the log moved past the expected offset; else the next offset.
    func append(_ entry: ClusterEntry, to code: RoomCode, _ options: AppendOptions, at time: ServerTime) -> AppendOutcome {
        if options.create {
            if logs[code] != nil { return .exists }
            logs[code] = Log()
            schedules[.closing, default: [:]][code.rawValue] = options.closesAt   // listed with its first entry
        }
        guard var log = logs[code] else { return .unknown }
        if log.closed { return .closed }
        if let key = options.idempotencyKey, let offset = log.seen[key] { return .seen(offset: offset) }
        if let expected = options.expectedOffset, expected != log.entries.count { return .moved(last: log.entries.count) }
        let logged = LoggedEntry(offset: log.entries.count + 1, at: max(time, log.entries.last?.at ?? time), entry: entry)
        log.entries.append(logged)
        if let key = options.idempotencyKey { log.seen[key] = logged.offset }
        logs[code] = log
        appends += 1
        if !losePublications {
            for store in stores where store.following.contains(code) {
                send { [weak store] in store?.events?.published(logged, in: code) }
            }
        }
        return .appended(offset: logged.offset, at: logged.at)
    }

    /// A publication, to every node listening on `channel` (its publisher included, as Redis does).
    func publish(_ message: [UInt8], on channel: SharedChannel) {
        guard !losePublications else { return }
        for store in stores {
            if case let .room(code) = channel, !store.following.contains(code) { continue }
            send { [weak store] in store?.events?.received(message, on: channel) }
        }
    }
}
