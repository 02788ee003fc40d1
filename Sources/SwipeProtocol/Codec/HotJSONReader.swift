import SwipeCore

/// Reads the client messages sent many times a second (`drag`, `swipe`) without `JSONDecoder`, when
/// they are in the plain shape clients send: one flat object of known keys, ASCII strings without
/// escapes, and numbers in strict JSON grammar. Anything else (another type, an unknown or repeated
/// key, an escape, a nested value, a bad number) returns nil and the caller decodes with
/// `JSONDecoder`, which also words the errors. `HotJSONTests` checks both decoders agree.
///
/// ```swift
/// HotJSONReader.decode(Array(#"{"type":"swipe","card":"dune","direction":"right"}"#.utf8))
/// // .swipe(SwipeVote(card: "dune", direction: .right))
/// HotJSONReader.decode(Array(#"{"type":"ping","t":1}"#.utf8))   // nil: not a hot message
/// ```
public enum HotJSONReader {
    /// One value of the flat object.
    enum Value: Equatable {
        case string(String)
        case number(Double, isInteger: Bool)
    }

    /// The message, or nil when it is not a hot message in the plain shape.
    public static func decode(_ bytes: [UInt8]) -> ClientMessage? {
        guard let fields = flatObject(bytes), case let .string(type)? = fields["type"] else { return nil }
        switch type {
        case "drag":
            guard fields.count == 6, case let .string(card)? = fields["card"], case let .string(phaseName)? = fields["phase"],
                  let phase = DragPhase(rawValue: phaseName), case let .number(x, _)? = fields["x"],
                  case let .number(y, _)? = fields["y"], case let .number(t, _)? = fields["t"] else { return nil }
            return .drag(DragUpdate(card: CardID(card), phase: phase, x: x, y: y, t: t))
        case "swipe":
            guard case let .string(card)? = fields["card"], case let .string(directionName)? = fields["direction"],
                  let direction = SwipeDirection(rawValue: directionName) else { return nil }
            switch (fields.count, fields["seq"]) {
            case (3, nil):
                return .swipe(SwipeVote(card: CardID(card), direction: direction))
            case let (4, .number(seq, isInteger: true)?) where abs(seq) < 1e15:
                return .swipe(SwipeVote(card: CardID(card), direction: direction, seq: Int(seq)))
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// The keys and values of a flat JSON object of strings and numbers, or nil for anything else.
    static func flatObject(_ bytes: [UInt8]) -> [String: Value]? {
        var reader = Cursor(bytes: bytes)
        var fields: [String: Value] = [:]
        reader.skipSpace()
        guard reader.take(0x7B) else { return nil }   // {
        reader.skipSpace()
        if reader.take(0x7D) { return reader.atEndAfterSpace ? fields : nil }
        while true {
            reader.skipSpace()
            guard let key = reader.string() else { return nil }
            reader.skipSpace()
            guard reader.take(0x3A) else { return nil }   // :
            reader.skipSpace()
            guard let value = reader.value(), fields.updateValue(value, forKey: key) == nil, fields.count <= 8 else { return nil }
            reader.skipSpace()
            if reader.take(0x2C) { continue }   // ,
            guard reader.take(0x7D) else { return nil }   // }
            return reader.atEndAfterSpace ? fields : nil
        }
    }

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            index += 1
            return true
        }

        var atEndAfterSpace: Bool {
            mutating get {
                skipSpace()
                return index == bytes.count
            }
        }

        /// A string of printable ASCII without escapes.
        mutating func string() -> String? {
            guard take(0x22) else { return nil }
            let start = index
            while let byte = current, byte != 0x22 {
                guard byte >= 0x20, byte < 0x7F, byte != 0x5C else { return nil }
                index += 1
            }
            guard current == 0x22 else { return nil }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            return text
        }

        mutating func value() -> Value? {
            if current == 0x22 { return string().map(Value.string) }
            return number()
        }

        /// A number in JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, finite.
        mutating func number() -> Value? {
            let start = index
            _ = take(0x2D)   // -
            guard let first = current, isDigit(first) else { return nil }
            index += 1
            if first != 0x30 { skipDigits() }
            var isInteger = true
            if take(0x2E) {   // .
                isInteger = false
                guard let digit = current, isDigit(digit) else { return nil }
                skipDigits()
            }
            if current == 0x65 || current == 0x45 {   // e E
                isInteger = false
                index += 1
                if current == 0x2B || current == 0x2D { index += 1 }
                guard let digit = current, isDigit(digit) else { return nil }
                skipDigits()
            }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else { return nil }
            return .number(value, isInteger: isInteger)
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        private mutating func skipDigits() {
            while let byte = current, isDigit(byte) { index += 1 }
        }
    }
}
