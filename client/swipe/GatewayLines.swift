// Shell: the lines a member types at the SSH gateway's menu and prompts. Runs on the main thread;
// reads standard input (the terminal, in cooked mode: the member's own line editing) with poll(),
// its own buffer, and a PromptIdle deadline: nothing typed for --idle-timeout ends the session.
import Foundation
import SwipeClient

/// Lines from standard input, ending at end of input or after `limit` seconds without one.
///
/// ```swift
/// let lines = GatewayLines(limit: 120)
/// switch lines.next() { case let .line(text): …; case .end: …; case .idle: … }
/// ```
final class GatewayLines {
    let limit: Double
    private var buffer: [UInt8] = []
    private var ended = false

    init(limit: Double) { self.limit = limit }

    /// What a read gave.
    enum Read: Equatable {
        case line(String)
        /// End of input: the terminal is gone, or Ctrl-D.
        case end
        /// Nothing typed for `limit`.
        case idle
    }

    /// The next line (without its newline).
    func next() -> Read {
        var idle = PromptIdle(limit: limit, start: GatewayKeyLock.now())
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .line(line.hasSuffix("\r") ? String(line.dropLast()) : line)
            }
            if ended {
                guard !buffer.isEmpty else { return .end }
                defer { buffer.removeAll() }
                return .line(String(decoding: buffer, as: UTF8.self))
            }
            switch idle.decision(at: GatewayKeyLock.now()) {
            case .end: return .idle
            case let .wait(seconds):
                var entry = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                let ready = poll(&entry, 1, Int32(min(seconds, 60) * 1000) + 1)
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(STDIN_FILENO, &chunk, chunk.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 { ended = true; continue }
                buffer += chunk[0..<count]
                idle.lineArrived(at: GatewayKeyLock.now())
                if buffer.count > 1 << 20 { buffer.removeAll(); ended = true }   // no line is a megabyte
            }
        }
    }
}
