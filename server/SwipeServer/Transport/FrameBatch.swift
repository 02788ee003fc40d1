/// Several server-to-client WebSocket text frames back to back in one buffer, so a single send()
/// carries everything queued for a connection (RFC 6455 §5.2: FIN + text opcode, 7/16/64-bit
/// length, and no mask, since servers never mask). The buffer starts with `headroom` spare bytes
/// (lws wants LWS_PRE in front of what it writes).
///
/// ```swift
/// var batch = FrameBatch(headroom: 0)
/// batch.appendText(Array("hi".utf8))
/// batch.appendText(Array("yo".utf8))
/// batch.frames   // [0x81, 2, 0x68, 0x69, 0x81, 2, 0x79, 0x6F]
/// ```
public struct FrameBatch: Sendable {
    /// Headroom, then the frames.
    public private(set) var bytes: [UInt8]
    public let headroom: Int
    /// Frames appended since the last `reset`.
    public private(set) var count = 0

    /// An empty batch with `headroom` zero bytes in front.
    ///
    /// ```swift
    /// let batch = FrameBatch(headroom: 16)   // batch.frameBytes == 0
    /// ```
    public init(headroom: Int) {
        self.headroom = headroom
        bytes = Array(repeating: 0, count: headroom)
    }

    /// The encoded frames (without the headroom).
    ///
    /// ```swift
    /// batch.frames.count == batch.frameBytes   // true
    /// ```
    public var frames: ArraySlice<UInt8> { bytes[headroom...] }

    /// Bytes of frames (headers included).
    public var frameBytes: Int { bytes.count - headroom }

    /// Empties the batch, keeping its storage.
    ///
    /// ```swift
    /// batch.reset()   // batch.count == 0
    /// ```
    public mutating func reset() {
        bytes.removeSubrange(headroom...)
        count = 0
    }

    /// Lends the whole buffer (headroom first) to `body`, e.g. for lws_write.
    ///
    /// ```swift
    /// batch.withUnsafeMutableBytes { raw in raw.count }   // headroom + frameBytes
    /// ```
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeMutableBytes(body)
    }

    /// Appends one complete, unfragmented text frame.
    ///
    /// ```swift
    /// batch.appendText(Array(repeating: 0x61, count: 300))   // header 0x81 0x7E 0x01 0x2C
    /// ```
    public mutating func appendText(_ payload: [UInt8]) {
        bytes.append(contentsOf: Self.textHeader(length: payload.count))
        bytes.append(contentsOf: payload)
        count += 1
    }

    /// The header of an unmasked final text frame carrying `length` bytes.
    ///
    /// ```swift
    /// FrameBatch.textHeader(length: 5)        // [0x81, 5]
    /// FrameBatch.textHeader(length: 70_000)   // [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]
    /// ```
    public static func textHeader(length: Int) -> [UInt8] {
        let finText: UInt8 = 0x81
        switch length {
        case ..<126:
            return [finText, UInt8(length)]
        case ..<65_536:
            return [finText, 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        default:
            let value = UInt64(length)
            return [finText, 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        }
    }
}
