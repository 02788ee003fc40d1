// The process's open-file limit: raised at start, and the share of it libwebsockets may fill.
// Called on the starting thread (the command's main thread, SwipeServerHost.start) before the
// service thread exists; touches only the process's RLIMIT_NOFILE.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// RLIMIT_NOFILE for the server. lws stops accepting once its sockets reach the limit it saw when
/// the context was made (it turns off the listening socket's POLLIN), but the process also holds
/// the log's files, the event loop and stdio: if the process ran out first, `accept` would fail
/// with EMFILE and lws would retry it in a busy loop. So lws is shown a limit `reserve` below the
/// real one while its context is made, and the real one is restored afterwards.
///
/// ```swift
/// DescriptorLimit.raiseToHard()                         // at start: soft = hard
/// let budget = DescriptorLimit.whileLowered { lws_create_context(&info) }.budget
/// ```
public enum DescriptorLimit {
    /// The most the soft limit is raised to (lws sizes tables by it).
    public static let ceiling: rlim_t = 1 << 20

    /// Raises the soft limit to the hard one (at most `ceiling`); returns the new soft limit.
    ///
    /// ```swift
    /// let limit = DescriptorLimit.raiseToHard()   // e.g. 524288
    /// ```
    @discardableResult
    public static func raiseToHard() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        let target = min(limit.rlim_max, ceiling)
        if limit.rlim_cur < target {
            limit.rlim_cur = target
            _ = setrlimit(resource, &limit)
        }
        return soft
    }

    /// The current soft limit (0 when unknown).
    ///
    /// ```swift
    /// DescriptorLimit.soft   // e.g. 1024
    /// ```
    public static var soft: Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        return Int(min(limit.rlim_cur, ceiling))
    }

    /// Descriptors the process has open now (nil where /proc/self/fd cannot be read).
    ///
    /// ```swift
    /// DescriptorLimit.openCount()   // e.g. 14
    /// ```
    public static func openCount() -> Int? {
        try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// Descriptors kept back from lws for everything else the process opens.
    static func reserve(for soft: Int) -> Int { min(128, max(8, soft / 4)) }

    /// Runs `body` (making the lws context) with the soft limit lowered by the reserve, then puts
    /// it back. Returns what `body` returned and the limit lws saw.
    static func whileLowered<T>(_ body: () -> T) -> (value: T, budget: Int) {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return (body(), 0) }
        let original = limit
        let lowered = max(16, Int(limit.rlim_cur) - reserve(for: Int(limit.rlim_cur)))
        limit.rlim_cur = rlim_t(lowered)
        guard setrlimit(resource, &limit) == 0 else { return (body(), Int(original.rlim_cur)) }
        let value = body()
        var restore = original
        _ = setrlimit(resource, &restore)
        return (value, lowered)
    }

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
