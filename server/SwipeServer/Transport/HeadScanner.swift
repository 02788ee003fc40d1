/// Counts the bytes of an HTTP request head (request line and headers, up to the blank line) as
/// they are read, chunk by chunk, so that a head too large for libwebsockets (which would drop the
/// connection without an answer) can be answered 431 first; and reads the request's method, so that
/// one other than GET and HEAD is answered 405 (libwebsockets answers TRACE and methods it does not
/// know 403, and CONNECT not at all). A value; the receive shell keeps one per socket until its
/// first request head has ended.
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
        /// The method is not GET or HEAD (its name, at most `maxMethodBytes`).
        case methodNotAllowed(String)
    }

    /// Longest method name read; a longer one is refused as it is.
    public static let maxMethodBytes = 24

    public let limit: Int
    private var count = 0
    /// How many bytes of "\r\n\r\n" the last bytes matched.
    private var matched = 0
    /// The method's bytes so far, until the space after it.
    private var method: [UInt8] = []
    private var methodRead = false

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
            if !methodRead, let refused = readMethod(byte) { return refused }
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

    /// One byte of the request line's method (empty lines before it are skipped, RFC 9112 §2.2).
    private mutating func readMethod(_ byte: UInt8) -> Outcome? {
        if method.isEmpty, byte == 13 || byte == 10 { return nil }
        if byte != 32, method.count < Self.maxMethodBytes {
            method.append(byte)
            return nil
        }
        methodRead = true
        let name = String(decoding: method, as: UTF8.self)
        return name == "GET" || name == "HEAD" ? nil : .methodNotAllowed(name)
    }
}
