import Testing
@testable import SwipeServer

/// Server frames batched into one write: RFC 6455 headers for every length class, and a batch that
/// a reader splits back into the same messages.
@Suite struct FrameBatchTests {
    @Test(arguments: [
        (0, [0x81, 0x00]),
        (5, [0x81, 0x05]),
        (125, [0x81, 0x7D]),
        (126, [0x81, 0x7E, 0x00, 0x7E]),
        (300, [0x81, 0x7E, 0x01, 0x2C]),
        (65_535, [0x81, 0x7E, 0xFF, 0xFF]),
        (65_536, [0x81, 0x7F, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00]),
        (70_000, [0x81, 0x7F, 0, 0, 0, 0, 0, 0x01, 0x11, 0x70]),
    ] as [(Int, [UInt8])])
    func headerCarriesTheLength(length: Int, header: [UInt8]) {
        #expect(FrameBatch.textHeader(length: length) == header)
    }

    /// Splits unmasked server frames back into payloads (nil if anything is malformed).
    static func split(_ bytes: ArraySlice<UInt8>) -> [[UInt8]]? {
        var payloads: [[UInt8]] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            guard bytes[i] == 0x81, i + 1 < bytes.endIndex, bytes[i + 1] & 0x80 == 0 else { return nil }
            var length = Int(bytes[i + 1])
            var start = i + 2
            if length == 126 {
                guard start + 2 <= bytes.endIndex else { return nil }
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                guard start + 8 <= bytes.endIndex else { return nil }
                length = bytes[start..<(start + 8)].reduce(0) { $0 << 8 | Int($1) }
                start += 8
            }
            guard start + length <= bytes.endIndex else { return nil }
            payloads.append(Array(bytes[start..<(start + length)]))
            i = start + length
        }
        return payloads
    }

    @Test func aBatchSplitsBackIntoItsMessagesInOrder() {
        var batch = FrameBatch(headroom: 16)
        let messages: [[UInt8]] = [Array(#"{"type":"tally"}"#.utf8), [], Array(repeating: 0x61, count: 300),
                                   Array(repeating: 0x62, count: 70_000), Array(#"{"type":"memberUpdated"}"#.utf8)]
        for message in messages { batch.appendText(message) }
        #expect(batch.count == messages.count)
        #expect(batch.bytes.prefix(16).allSatisfy { $0 == 0 })
        #expect(batch.frameBytes == batch.bytes.count - 16)
        #expect(Self.split(batch.frames) == messages)
    }

    @Test func resetKeepsTheHeadroomAndDropsTheFrames() {
        var batch = FrameBatch(headroom: 16)
        batch.appendText(Array("hello".utf8))
        batch.reset()
        #expect(batch.count == 0)
        #expect(batch.frameBytes == 0)
        batch.appendText(Array("yo".utf8))
        #expect(Array(batch.frames) == [0x81, 0x02, 0x79, 0x6F])
    }
}
