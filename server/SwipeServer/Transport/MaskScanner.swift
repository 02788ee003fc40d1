/// Follows the WebSocket frames (RFC 6455 §5.2) in the bytes a client sends, chunk by chunk as they
/// are read, and finds the first frame that is not masked (§5.1: a server must close the connection
/// on one). Only frame headers are looked at; payloads are skipped by their length. A value: the
/// receive shell keeps one per plain (non-TLS) WebSocket.
///
/// ```swift
/// var scanner = MaskScanner()
/// scanner.scan([0x89, 0x80, 1, 2, 3, 4])   // nil: a masked, empty ping
/// scanner.scan([0x89, 0x00])               // 0: the frame starting at byte 0 is unmasked
/// ```
public struct MaskScanner: Hashable, Sendable {
    /// The header being read (2 to 14 bytes) and how much payload is left to skip.
    private var header: [UInt8] = []
    private var payloadLeft: UInt64 = 0
    /// Set once an unmasked frame was seen; everything after it is ignored.
    public private(set) var foundUnmasked = false

    public init() {}

    /// Reads the next chunk of the stream. Returns nil while every frame is masked, or the offset in
    /// `bytes` where the first unmasked frame begins (0 when its header began in an earlier chunk,
    /// or once one was found before).
    ///
    /// ```swift
    /// if let cut = scanner.scan(chunk) { /* pass chunk[..<cut] on, then close 1002 */ }
    /// ```
    public mutating func scan<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? where Bytes.Index == Int {
        if foundUnmasked { return 0 }
        var index = bytes.startIndex
        var frameStart = bytes.startIndex
        while index < bytes.endIndex {
            if payloadLeft > 0 {
                let skip = min(payloadLeft, UInt64(bytes.endIndex - index))
                index += Int(skip)
                payloadLeft -= skip
                continue
            }
            if header.isEmpty { frameStart = index }
            header.append(bytes[index])
            index += 1
            if header.count == 2, header[1] & 0x80 == 0 {
                foundUnmasked = true
                return frameStart - bytes.startIndex   // 0 too when the header began in an earlier chunk
            }
            if header.count >= 2, header.count == headerLength {
                payloadLeft = payloadLength
                header.removeAll(keepingCapacity: true)
            }
        }
        return nil
    }

    /// The whole header's length once its second byte is known: 2, the extended length, the mask key.
    private var headerLength: Int {
        switch header[1] & 0x7F {
        case 126: 2 + 2 + 4
        case 127: 2 + 8 + 4
        default: 2 + 4
        }
    }

    private var payloadLength: UInt64 {
        let short = header[1] & 0x7F
        switch short {
        case 126: return UInt64(header[2]) << 8 | UInt64(header[3])
        case 127: return header[2..<10].reduce(0) { $0 << 8 | UInt64($1) }
        default: return UInt64(short)
        }
    }
}
