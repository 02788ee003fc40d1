// Acknowledging only what a replica has (`--store-replicas N`): after an append (or a `seen` or
// `moved` answer past the room's `acked`), a WAIT; once it says enough replicas have the writes,
// the room's `acked` is raised and the entries up to it are published (StreamScripts.confirm), and
// only then is anything applied, broadcast or acknowledged. Service thread only (Redis replies
// arrive inside the libev loop's turn); touches this node's state and, through its RoomHost, the server.
import SwipeBackend
import Foundation
import SwipeProtocol

/// An answered append waiting for replicas: the room, the offset to confirm, and what to do after
/// (nil: confirmed; else why not).
struct PendingConfirmation {
    var code: RoomCode
    var offset: Int
    var done: (String?) -> Void
}

extension ClusterNode {
    /// Waits until replicas have every write up to `offset` of `code` (then raises the room's
    /// `acked` and publishes); `done` gets nil, or why not within the bound.
    func awaitReplicas(of code: RoomCode, upTo offset: Int, then done: @escaping (String?) -> Void) {
        
        guard replicaWaits.isNeeded else { done(nil); return }
        if replicaWaits.add(PendingConfirmation(code: code, offset: offset, done: done)) { sendReplicaWait() }
    }

    private func sendReplicaWait() {
        link.send(replicaWaits.command) { [unowned self] reply in
            let (covered, failure, sendNext) = replicaWaits.answered(reply)
            if failure == nil {
                // Raised and published before anything is applied here: the commands after this
                // (a catch-up's read) already see the new `acked`.
                var highest: [RoomCode: Int] = [:]
                for waiter in covered { highest[waiter.code] = max(highest[waiter.code] ?? 0, waiter.offset) }
                for (code, offset) in highest.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { confirm(code, upTo: offset) }
            } else if let failure, !covered.isEmpty {
                host.logger.warning("\(covered.count) append(s) not acknowledged: \(failure)")
            }
            for waiter in covered { waiter.done(failure) }
            if sendNext { sendReplicaWait() }
        }
    }

    private func confirm(_ code: RoomCode, upTo offset: Int) {
        link.send(["EVAL", StreamScripts.confirm, "2", ClusterKeys.log(code), ClusterKeys.meta(code),
                           String(offset), ClusterKeys.channel(code)])
    }

    /// Reads the room's stream from `first` (`-` or `OFFSET-0`) up to its `acked` offset: what
    /// replicas have (`count` nil: all of it).
    func readStream(of code: RoomCode, from first: String, count: Int?, reply: @escaping (RedisValue?) -> Void) {
        
        link.send(["EVAL", StreamScripts.read, "2", ClusterKeys.log(code), ClusterKeys.meta(code),
                           first, count.map(String.init) ?? ""], reply: reply)
    }

    /// The store did not take (or keep) a connection's input: told why, and closed 1013 (the
    /// outage's path): the client resumes and resends unacknowledged input with its `seq`.
    func refuseForStore(_ outcome: AppendOutcome, to connection: RoomSession) {
        guard let error = Self.storeRefusal(outcome) else { return }
        host.enqueue(.error(error), to: connection)
        host.closeAfterFlush(connection, .tryAgainLater, "store unavailable")
    }

    /// What a member is told when the store did not take (or keep) their input: the outage's words
    /// when it is unreachable, else that no replica has it yet. Either way: send it again in a moment.
    static func storeRefusal(_ outcome: AppendOutcome) -> ProtocolError? {
        switch outcome {
        case let .failed(why): storeUnavailable(why)
        case let .unreplicated(why): ProtocolError(.other, "not acknowledged: \(why); send it again in a moment", retryAfter: 1)
        case .appended, .seen, .moved, .exists, .unknown, .closed: nil
        }
    }
}
