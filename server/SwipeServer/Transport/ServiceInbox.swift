// How other threads reach the lws service thread: a stop request and posted jobs, both under one
// lock, each waking the loop with lws_cancel_service. Any thread may call `requestStop` and `post`;
// the rest runs on the service thread (or the starting thread before it exists).
import CLibWebSockets
import Foundation

/// The service thread's mailbox: work posted from other threads, the stop request, and the context
/// to wake (set once it exists, cleared before it is destroyed, so a signal that stops the server
/// never reaches a destroyed context).
///
/// ```swift
/// inbox.post { shell in print(shell.connections.count) }   // runs on the service thread soon
/// for job in inbox.drain() { job(shell) }
/// ```
final class ServiceInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var stopRequested = false
    /// The context other threads wake (guarded by `lock`).
    private var wakeTarget: OpaquePointer?
    /// Work posted from other threads (guarded by `lock`).
    private var jobs: [@Sendable (ServerShell) -> Void] = []

    /// Any thread: asks the service loop to shut down.
    func requestStop() {
        lock.withLock {
            stopRequested = true
            wake()
        }
    }

    /// Any thread: runs `job` on the service thread soon.
    func post(_ job: @escaping @Sendable (ServerShell) -> Void) {
        lock.withLock {
            jobs.append(job)
            wake()
        }
    }

    /// Other threads may wake this context from now on (called once it exists).
    func acceptWakeups(for context: OpaquePointer) {
        lock.withLock { wakeTarget = context }
    }

    /// Service thread, before `lws_context_destroy`: no other thread touches the context after this
    /// returns (a wake-up already under way finishes first, since both hold the lock).
    func refuseWakeups() {
        lock.withLock { wakeTarget = nil }
    }

    /// Service thread: the jobs posted since the last drain, in order.
    func drain() -> [@Sendable (ServerShell) -> Void] {
        lock.withLock {
            let taken = jobs
            jobs = []
            return taken
        }
    }

    var isStopRequested: Bool { lock.withLock { stopRequested } }

    /// With the lock held: makes the service thread's wait return (lws_cancel_service only writes
    /// to lws's wake pipe; it takes no lock the service thread could hold).
    private func wake() {
        if let wakeTarget { lws_cancel_service(wakeTarget) }
    }
}
