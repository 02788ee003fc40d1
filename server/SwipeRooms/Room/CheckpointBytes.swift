/// The byte-level pieces of a checkpoint's binary encoding: LEB128 unsigned integers (zig-zag for
/// signed), length-prefixed UTF-8 strings, IEEE doubles as 8 little-endian bytes, a byte before
/// every optional. A restart decodes every kept room's checkpoint, and JSON through Foundation
/// decoded them at ~9 MB/s (312 ms for 200 rooms, docs/BENCHMARKS.md#restart-time).
///
/// ```swift
/// var writer = CheckpointWriter()
/// writer.int(-3); writer.string("Dune")
/// var reader = CheckpointReader(writer.bytes)
/// try reader.int()      // -3
/// try reader.string()   // "Dune"
/// ```
struct CheckpointWriter {
    private(set) var bytes: [UInt8] = []

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func int(_ value: Int) {
        let wide = Int64(value)
        unsigned(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        let utf8 = value.utf8
        unsigned(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// A presence byte, then the value when there is one.
    mutating func optional<T>(_ value: T?, _ write: (inout CheckpointWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    /// A count, then each element.
    mutating func array<T>(_ values: [T], _ write: (inout CheckpointWriter, T) -> Void) {
        unsigned(UInt64(values.count))
        for value in values { write(&self, value) }
    }
}

/// Reads what `CheckpointWriter` wrote; every read checks the bounds and throws `Truncated`.
struct CheckpointReader {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func byte() throws -> UInt8 {
        guard position < bytes.count else { throw Malformed(description: "ends early at byte \(position)") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func unsigned() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw Malformed(description: "an integer too long at byte \(position)") }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func int() throws -> Int {
        let raw = try unsigned()
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A count that must fit in what is left (a damaged length must not allocate gigabytes).
    mutating func count() throws -> Int {
        let value = try unsigned()
        guard value <= UInt64(bytes.count - position) else { throw Malformed(description: "a count of \(value) at byte \(position)") }
        return Int(value)
    }

    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw Malformed(description: "flag \(other) at byte \(position - 1)")
        }
    }

    mutating func double() throws -> Double {
        guard bytes.count - position >= 8 else { throw Malformed(description: "ends early at byte \(position)") }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
        position += 8
        return Double(bitPattern: bits)
    }

    mutating func string() throws -> String {
        let length = try count()
        defer { position += length }
        return String(decoding: bytes[position..<position + length], as: UTF8.self)
    }

    mutating func optional<T>(_ read: (inout CheckpointReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<T>(_ read: (inout CheckpointReader) throws -> T) throws -> [T] {
        let count = try count()
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    /// A raw value of one of our enums, named in the error when unknown.
    mutating func raw<E: RawRepresentable>(_ type: E.Type) throws -> E where E.RawValue == String {
        let text = try string()
        guard let value = E(rawValue: text) else { throw Malformed(description: "unknown \(E.self) \"\(text)\"") }
        return value
    }
}
