/// Which of a folder's entries to remove so that what is left is recent enough and within a count
/// and a byte total, the least recently used going first. The picture cache (files by ETag) and
/// the SSH gateway's member folders (one per key) are trimmed by it. Time is an input.
///
/// ```swift
/// let trim = OldestFirstTrim(maxAge: 90 * 86_400, maxCount: nil, maxBytes: 1 << 30)
/// trim.victims([.init(name: "a", lastUsed: 0, bytes: 10)], now: 100 * 86_400)   // ["a"]: unused for 100 days
/// ```
public struct OldestFirstTrim: Equatable, Sendable {
    /// One file or folder: its name, when it was last used (seconds, any epoch), and its size.
    public struct Entry: Equatable, Sendable {
        public let name: String
        public let lastUsed: Double
        public let bytes: Int

        /// An entry.
        ///
        /// ```swift
        /// OldestFirstTrim.Entry(name: "p-1f3a", lastUsed: 1_700_000_000, bytes: 48_213)
        /// ```
        public init(name: String, lastUsed: Double, bytes: Int) {
            self.name = name
            self.lastUsed = lastUsed
            self.bytes = bytes
        }
    }

    /// Entries unused for longer than this many seconds go (nil: no age limit).
    public let maxAge: Double?
    /// At most this many entries stay (nil: no count limit).
    public let maxCount: Int?
    /// At most this many bytes stay, all entries together (nil: no byte limit).
    public let maxBytes: Int?

    /// A trim; a nil limit does not apply.
    ///
    /// ```swift
    /// OldestFirstTrim(maxAge: nil, maxCount: 200, maxBytes: 16 << 20)   // the picture cache's
    /// ```
    public init(maxAge: Double?, maxCount: Int?, maxBytes: Int?) {
        self.maxAge = maxAge
        self.maxCount = maxCount
        self.maxBytes = maxBytes
    }

    /// The names to remove, oldest first. Entries named in `keeping` (in use now) are never
    /// chosen, but their bytes and count still count toward the limits.
    ///
    /// ```swift
    /// let trim = OldestFirstTrim(maxAge: nil, maxCount: 2, maxBytes: nil)
    /// trim.victims([.init(name: "a", lastUsed: 1, bytes: 1), .init(name: "b", lastUsed: 2, bytes: 1),
    ///               .init(name: "c", lastUsed: 3, bytes: 1)], now: 4)   // ["a"]
    /// ```
    public func victims(_ entries: [Entry], now: Double, keeping: Set<String> = []) -> [String] {
        var count = entries.count
        var bytes = entries.reduce(0) { $0 + max(0, $1.bytes) }
        var chosen: [String] = []
        for entry in entries.sorted(by: { ($0.lastUsed, $0.name) < ($1.lastUsed, $1.name) }) where !keeping.contains(entry.name) {
            let tooOld = maxAge.map { now - entry.lastUsed > $0 } ?? false
            let tooMany = maxCount.map { count > $0 } ?? false
            let tooBig = maxBytes.map { bytes > $0 } ?? false
            guard tooOld || tooMany || tooBig else { continue }
            chosen.append(entry.name)
            count -= 1
            bytes -= max(0, entry.bytes)
        }
        return chosen
    }
}
