import Testing
@testable import SwipeServer

@Suite struct FrameScannerTests {
    /// One client frame: `first` is FIN/RSV/opcode, `length` is what the header declares (the
    /// payload sent is `sent` bytes, all of it unless given), masked unless told.
    static func frame(_ length: Int, first: UInt8 = 0x81, masked: Bool = true, sent: Int? = nil) -> [UInt8] {
        var bytes: [UInt8] = [first]
        let bit: UInt8 = masked ? 0x80 : 0
        if length < 126 {
            bytes.append(bit | UInt8(length))
        } else if length < 65536 {
            bytes += [bit | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            bytes += [bit | 127] + (0..<8).reversed().map { UInt8((length >> ($0 * 8)) & 0xFF) }
        }
        return bytes + (masked ? [1, 2, 3, 4] : []) + [UInt8](repeating: 0x80, count: sent ?? length)   // payload bytes look like mask bits
    }

    /// A frame header with a 64-bit length given byte by byte (masked, no payload).
    static func header64(_ length: [UInt8], first: UInt8 = 0x81) -> [UInt8] { [first, 0x80 | 127] + length + [1, 2, 3, 4] }

    /// (name, the stream, chunk size, limit, where the stream is cut: the refused frame's start, or
    /// the start of the chunk where its header showed the fault when it began in an earlier chunk;
    /// nil: not cut, the violation)
    static let cases: [(String, [UInt8], Int, Int?, Int?, FrameScanner.Violation?)] = [
        ("masked frames", frame(5) + frame(0) + frame(200) + frame(70_000), 7, nil, nil, nil),
        ("unmasked first", frame(3, masked: false), 100, nil, 0, .unmasked),
        ("unmasked after masked", frame(5) + frame(3, masked: false), 100, nil, 11, .unmasked),
        ("unmasked after a 16-bit length", frame(300) + frame(1, masked: false), 1000, nil, 308, .unmasked),
        ("unmasked after a 64-bit length", frame(70_000) + frame(1, masked: false), 100_000, nil, 70_014, .unmasked),
        ("unmasked, read a byte at a time", frame(5) + frame(3, masked: false), 1, nil, 12, .unmasked),
        ("a ping of 125 bytes", frame(125, first: 0x89), 50, nil, nil, nil),
        ("a ping of 126 bytes", frame(5) + frame(126, first: 0x89), 100, nil, 11, .controlTooLong),
        ("a pong with a 64-bit length", frame(200, first: 0x8A), 1000, nil, 0, .controlTooLong),
        ("a fragmented ping", frame(3, first: 0x09), 100, nil, 0, .controlFragmented),
        ("a close with 1 byte", frame(5) + frame(1, first: 0x88), 100, nil, 11, .closeWithOneByte),
        ("a close with 2 bytes", frame(2, first: 0x88), 100, nil, nil, nil),
        ("an empty close", frame(0, first: 0x88), 100, nil, nil, nil),
        ("a 64-bit length with its top bit", frame(5) + header64([0x80, 0, 0, 0, 0, 0, 0, 1]), 100, nil, 11, .lengthTopBitSet),
        ("the top bit, a byte at a time", header64([0xFF, 0, 0, 0, 0, 0, 0, 0]), 1, nil, 2, .lengthTopBitSet),
        ("opcode 3", frame(1, first: 0x83), 100, nil, 0, .reservedOpcode(3)),
        ("opcode 0xB", frame(1, first: 0x8B), 100, nil, 0, .reservedOpcode(0xB)),
        ("a continuation frame", frame(1, first: 0x01) + frame(1, first: 0x80), 100, nil, nil, nil),
        ("a frame at the limit", frame(1000), 300, 1000, nil, nil),
        ("a frame over the limit", frame(5) + frame(1001, sent: 10), 300, 1000, 11, .tooLarge(declared: 1001)),
        ("100 MB declared, no payload yet", header64([0, 0, 0, 0, 0x05, 0xF5, 0xE1, 0x00]), 100, 65_536, 0, .tooLarge(declared: 100_000_000)),
        ("a short frame over a tiny limit", frame(100), 100, 50, 0, .tooLarge(declared: 100)),
        ("a compressed frame a little over", frame(1100, first: 0xC1), 2000, 1000, nil, nil),
        ("a compressed frame far over", frame(3000, first: 0xC1, sent: 0), 2000, 1000, 0, .tooLarge(declared: 3000)),
    ]

    @Test(arguments: cases.map(\.0)) func findsTheFirstFrameToRefuse(name: String) {
        guard let (_, stream, chunk, limit, expected, violation) = Self.cases.first(where: { $0.0 == name }) else { return }
        var scanner = FrameScanner(maxPayload: limit)
        var found: Int?
        var offset = 0
        while offset < stream.count, found == nil {
            let end = min(stream.count, offset + chunk)
            if let cut = scanner.scan(Array(stream[offset..<end])) { found = offset + cut }
            offset = end
        }
        #expect(found == expected, "\(name)")
        #expect(scanner.violation == violation, "\(name)")
        if violation != nil { #expect(scanner.scan([0x81, 0x80]) == 0, "after a violation everything is cut") }
    }

    @Test func closeCodes() {
        #expect(FrameScanner.Violation.tooLarge(declared: 9).closeCode == 1009)
        for violation in [FrameScanner.Violation.unmasked, .controlTooLong, .controlFragmented, .closeWithOneByte, .lengthTopBitSet, .reservedOpcode(3)] {
            #expect(violation.closeCode == 1002)
            #expect(violation.reason.utf8.count <= 123)
        }
    }
}
