/// Follows the WebSocket frames (RFC 6455 §5.2) in the bytes a client sends, chunk by chunk as they
/// are read, and finds the first frame the server must not let through: an unmasked one (§5.1), a
/// control frame with more than 125 bytes of payload or fragmented (§5.5), a close frame with a
/// 1-byte payload (§5.5.1), a 64-bit length with its top bit set (§5.2), an opcode that is reserved,
/// and one whose header declares more than `maxPayload` bytes. Only frame headers are looked at;
/// payloads are skipped by their length. A value: the receive shell keeps one per WebSocket.
///
/// ```swift
/// var scanner = FrameScanner(maxPayload: 65_536)
/// scanner.scan([0x89, 0x80, 1, 2, 3, 4])   // nil: a masked, empty ping
/// scanner.scan([0x89, 0x00])               // 0: the frame starting at byte 0 is unmasked
/// scanner.violation                        // .unmasked
/// ```
public struct FrameScanner: Hashable, Sendable {
    /// What was wrong with the first frame let no further.
    public enum Violation: Hashable, Sendable {
        case unmasked
        case controlTooLong
        case controlFragmented
        case closeWithOneByte
        case lengthTopBitSet
        case reservedOpcode(UInt8)
        /// The header declares this many payload bytes, over the limit.
        case tooLarge(declared: UInt64)

        /// The close code it gets: 1009 for `tooLarge`, 1002 (protocol error) for the rest.
        ///
        /// ```swift
        /// FrameScanner.Violation.unmasked.closeCode   // 1002
        /// ```
        public var closeCode: UInt16 {
            if case .tooLarge = self { return 1009 }
            return 1002
        }

        /// Words for the close frame's reason (at most 123 bytes).
        ///
        /// ```swift
        /// FrameScanner.Violation.closeWithOneByte.reason   // "a close frame's payload cannot be 1 byte"
        /// ```
        public var reason: String {
            switch self {
            case .unmasked: "client frames must be masked"
            case .controlTooLong: "a control frame's payload is at most 125 bytes"
            case .controlFragmented: "control frames cannot be fragmented"
            case .closeWithOneByte: "a close frame's payload cannot be 1 byte"
            case .lengthTopBitSet: "a 64-bit frame length must have its top bit clear"
            case let .reservedOpcode(opcode): "opcode \(opcode) is reserved"
            case let .tooLarge(declared): "a frame of \(declared) bytes is over the limit"
            }
        }
    }

    /// Most payload bytes a frame may declare (nil: no limit). A compressed frame (RSV1, with
    /// permessage-deflate) may be a little larger than the message it carries: it gets an eighth more and 1 KiB.
    public let maxPayload: UInt64?
    /// The header being read (2 to 14 bytes) and how much payload is left to skip.
    private var header: [UInt8] = []
    private var payloadLeft: UInt64 = 0
    /// Set once a frame was let no further; everything after it is ignored.
    public private(set) var violation: Violation?

    public init(maxPayload: Int? = nil) {
        self.maxPayload = maxPayload.map { UInt64(max(0, $0)) }
    }

    /// Whether an unmasked frame was found (the first violation).
    public var foundUnmasked: Bool { violation == .unmasked }

    /// Reads the next chunk of the stream. Returns nil while every frame is acceptable, or the offset
    /// in `bytes` where the first unacceptable frame begins (0 when its header began in an earlier
    /// chunk, or once one was found before).
    ///
    /// ```swift
    /// if let cut = scanner.scan(chunk) { /* pass chunk[..<cut] on, then close with scanner.violation */ }
    /// ```
    public mutating func scan<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? where Bytes.Index == Int {
        if violation != nil { return 0 }
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
            if let found = check() {
                violation = found
                return frameStart - bytes.startIndex   // 0 too when the header began in an earlier chunk
            }
            if header.count >= 2, header.count == headerLength {
                payloadLeft = payloadLength
                header.removeAll(keepingCapacity: true)
            }
        }
        return nil
    }

    /// What is wrong with the header so far, as soon as its bytes say so.
    private func check() -> Violation? {
        switch header.count {
        case 2:
            let opcode = header[0] & 0x0F
            let short = header[1] & 0x7F
            if header[1] & 0x80 == 0 { return .unmasked }
            if (3...7).contains(opcode) || opcode > 0xA { return .reservedOpcode(opcode) }
            if opcode >= 8 {
                if short > 125 { return .controlTooLong }
                if header[0] & 0x80 == 0 { return .controlFragmented }
                if opcode == 8, short == 1 { return .closeWithOneByte }
            }
            return short < 126 ? oversize(UInt64(short)) : nil
        case 3 where header[1] & 0x7F == 127:
            return header[2] & 0x80 != 0 ? .lengthTopBitSet : nil
        case 4 where header[1] & 0x7F == 126, 10 where header[1] & 0x7F == 127:
            return oversize(payloadLength)
        default:
            return nil
        }
    }

    private func oversize(_ declared: UInt64) -> Violation? {
        guard let maxPayload else { return nil }
        let compressed = header[0] & 0x40 != 0
        let limit = compressed ? maxPayload + maxPayload / 8 + 1024 : maxPayload
        return declared > limit ? .tooLarge(declared: declared) : nil
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
