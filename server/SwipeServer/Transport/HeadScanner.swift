/// Counts the bytes of an HTTP request head (request line and headers, up to the blank line) as
/// they are read, chunk by chunk, so that a head too large for libwebsockets (which would drop the
/// connection without an answer) can be answered 431 first. A value; the receive shell keeps one
/// per plain socket until its first request head has ended.
///
/// ```swift
/// var head = HeadScanner(limit: 8192)
/// head.scan(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))   // .ended
/// ```
public struct HeadScanner: Hashable, Sendable {
    /// What the bytes so far say.
    public enum Outcome: Hashable, Sendable {
        /// Still inside the head, under the limit.
        case reading
        /// The head ended within the limit.
        case ended
        /// The head is longer than the limit.
        case tooLarge
    }

    public let limit: Int
    private var count = 0
    /// How many bytes of "\r\n\r\n" the last bytes matched.
    private var matched = 0

    public init(limit: Int) { self.limit = limit }

    /// Reads the next chunk.
    ///
    /// ```swift
    /// if head.scan(chunk) == .tooLarge { /* answer 431 and close */ }
    /// ```
    public mutating func scan<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Outcome {
        let terminator: [UInt8] = [13, 10, 13, 10]
        for byte in bytes {
            count += 1
            if byte == terminator[matched] {
                matched += 1
            } else {
                matched = byte == 13 ? 1 : 0
            }
            if matched == 4 { return .ended }
            if count > limit { return .tooLarge }
        }
        return .reading
    }
}
