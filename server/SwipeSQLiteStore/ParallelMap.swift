// Start-up helper: runs a pure transform over an array on every core (DispatchQueue.concurrentPerform),
// on the starting thread and Dispatch's worker threads, before the lws service thread exists. It
// touches only its input, its output buffer and what `transform` captures (which must be Sendable).
import SwipeBackend
import Dispatch

enum ParallelMap {
    /// `items.map(transform)` in `chunks` contiguous pieces at once; the first error (by position) is thrown.
    ///
    /// ```swift
    /// let records = try ParallelMap.map(entries) { try LogRecord(entry: $0) }
    /// ```
    static func map<T: Sendable, U: Sendable>(_ items: [T], chunks: Int = 2, minimumPerChunk: Int = 256,
                                              _ transform: @escaping @Sendable (T) throws -> U) throws -> [U] {
        let pieces = max(1, min(chunks, items.count / max(minimumPerChunk, 1)))
        if pieces == 1 { return try items.map(transform) }
        let results = Results<U>(count: pieces)
        let size = (items.count + pieces - 1) / pieces
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
            let range = (piece * size)..<min(items.count, (piece + 1) * size)
            results.set(piece, Result { try items[range].map(transform) })
        }
        return try results.all().flatMap { try $0.get() }
    }

    /// One slot per piece, each written by exactly one worker before `concurrentPerform` returns.
    private final class Results<U: Sendable>: @unchecked Sendable {
        private var slots: [Result<[U], any Error>?]
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<[U], any Error>) { slots[index] = value }
        func all() -> [Result<[U], any Error>] { slots.compactMap { $0 } }
    }
}
