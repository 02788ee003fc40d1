// The service loop's own state: its lws context, how it is woken for the next deadline, and
// whether it is done. Service thread only, or the starting thread before the loop runs.
import CLibWebSockets
import SwipeRooms

/// What the service loop needs to wake on time and to stop: with lws's poll loop an lws timer
/// (`swipe_server_wake_timer`) armed for the earliest deadline; on the libev loop the host's nudge
/// wakes it instead, and the lws timer is not used (it would only fire a second time).
///
/// ```swift
/// loop.context = context
/// loop.wake(in: 1_500)   // µs; nothing on the libev loop
/// ```
final class ServiceLoopState {
    /// The lws context, once it exists (nil before start and after it is destroyed).
    var context: OpaquePointer?
    /// True on the libev loop: the host's nudge wakes the loop for the earliest deadline.
    var wakesByNudge = false
    /// Set once a shutdown closed every connection or ran out of time: the loop ends.
    var finished = false
    /// The lws timer that wakes the poll loop (its `context` is set when it is armed).
    private let wakeTimer: UnsafeMutablePointer<swipe_server_wake_timer> = {
        let timer = UnsafeMutablePointer<swipe_server_wake_timer>.allocate(capacity: 1)
        timer.initialize(to: swipe_server_wake_timer())
        return timer
    }()

    deinit { wakeTimer.deallocate() }

    /// Whether this loop is woken by the lws timer (a context exists and there is no nudge).
    var usesWakeTimer: Bool { context != nil && !wakesByNudge }

    /// Arms the lws timer to fire in `microseconds`.
    func wake(in microseconds: Double) {
        guard let context, !wakesByNudge else { return }
        wakeTimer.pointee.context = context
        lws_sul_schedule(context, 0, &wakeTimer.pointee.sul, swipeServerWake, lws_usec_t(microseconds))
    }

    /// Unlinks the lws timer (before the context is destroyed).
    func disarm() {
        if !wakesByNudge { lws_sul_cancel(&wakeTimer.pointee.sul) }
    }
}
