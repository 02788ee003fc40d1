import Testing
@testable import SwipeServer

@Suite struct MaskScannerTests {
    static func frame(_ length: Int, masked: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0x81]
        let bit: UInt8 = masked ? 0x80 : 0
        if length < 126 {
            bytes.append(bit | UInt8(length))
        } else if length < 65536 {
            bytes += [bit | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            bytes += [bit | 127] + (0..<8).reversed().map { UInt8((length >> ($0 * 8)) & 0xFF) }
        }
        return bytes + (masked ? [1, 2, 3, 4] : []) + [UInt8](repeating: 0x80, count: length)   // payload bytes look like mask bits
    }

    /// (name, the stream, chunk size, where the stream is cut: the unmasked frame's start, or the
    /// start of the chunk holding its second byte when its first came in an earlier chunk; nil: not cut)
    static let cases: [(String, [UInt8], Int, Int?)] = [
        ("masked frames", frame(5) + frame(0) + frame(200) + frame(70_000), 7, nil),
        ("unmasked first", frame(3, masked: false), 100, 0),
        ("unmasked after masked", frame(5) + frame(3, masked: false), 100, 11),
        ("unmasked after a 16-bit length", frame(300) + frame(1, masked: false), 1000, 308),
        ("unmasked after a 64-bit length", frame(70_000) + frame(1, masked: false), 100_000, 70_014),
        ("unmasked, read a byte at a time", frame(5) + frame(3, masked: false), 1, 12),
    ]

    @Test(arguments: cases.map(\.0)) func findsTheFirstUnmaskedFrame(name: String) {
        guard let (_, stream, chunk, expected) = Self.cases.first(where: { $0.0 == name }) else { return }
        var scanner = MaskScanner()
        var found: Int?
        var offset = 0
        while offset < stream.count, found == nil {
            let end = min(stream.count, offset + chunk)
            if let cut = scanner.scan(Array(stream[offset..<end])) { found = offset + cut }
            offset = end
        }
        #expect(found == expected, "\(name)")
    }
}
