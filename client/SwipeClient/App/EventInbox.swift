// Shell: the queue between the network's service thread and the main thread. `post` runs on any
// thread; `drain` and `waitForInput` on the main thread. It touches only its own pipe.
import Foundation
import SwipeClientCore

/// A thread-safe queue of events: the network's service thread appends, the main thread drains.
/// Posting also writes a byte to a pipe, so the main thread can sleep in `poll` until input or a
/// network event arrives (an idle client uses no CPU).
///
/// ```swift
/// let inbox = EventInbox()
/// inbox.post(.connected)        // any thread
/// let events = inbox.drain()    // main thread: [.connected]
/// ```
final class EventInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [AppEvent] = []
    private var wakeRead: Int32 = -1
    private var wakeWrite: Int32 = -1

    /// Creates an empty inbox (and its wake-up pipe, non-blocking on both ends).
    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            wakeRead = fds[0]
            wakeWrite = fds[1]
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
    }

    /// The write end of the wake-up pipe: a signal handler may write a byte to it.
    var wakeDescriptor: Int32 { wakeWrite }

    deinit {
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// Appends an event (any thread) and wakes the main thread.
    func post(_ event: AppEvent) {
        lock.lock()
        events.append(event)
        lock.unlock()
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)   // a full pipe already means "wake up"
    }

    /// Takes every queued event, oldest first.
    func drain() -> [AppEvent] {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &sink, sink.count) > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let out = events
        events.removeAll(keepingCapacity: true)
        return out
    }

    /// Sleeps until `input` is readable, an event is posted, a signal arrives, or `timeoutMs`
    /// passes (-1: no timeout).
    func waitForInput(on input: Int32, timeoutMs: Int32) {
        var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, nfds_t(fds.count), timeoutMs)
    }
}
