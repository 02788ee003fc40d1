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

    /// The keys a hot message may have, each at most once.
    struct Fields: Equatable {
        var type: String?
        var card: String?
        var phase: String?
        var direction: String?
        var x: Value?
        var y: Value?
        var t: Value?
        var seq: Value?
        var count = 0

        static let keys: [[UInt8]] = ["type", "card", "phase", "direction", "x", "y", "t", "seq"].map { Array($0.utf8) }

        /// Stores a value under the key numbered as in `keys`; false for a repeated key or a string
        /// where a number belongs (and the other way round).
        mutating func set(_ key: Int, _ value: Value) -> Bool {
            count += 1
            switch (key, value) {
            case (0, .string(let text)) where type == nil: type = text
            case (1, .string(let text)) where card == nil: card = text
            case (2, .string(let text)) where phase == nil: phase = text
            case (3, .string(let text)) where direction == nil: direction = text
            case (4, .number) where x == nil: x = value
            case (5, .number) where y == nil: y = value
            case (6, .number) where t == nil: t = value
            case (7, .number) where seq == nil: seq = value
            default: return false
            }
            return true
        }
    }

    /// The message, or nil when it is not a hot message in the plain shape.
    public static func decode(_ bytes: [UInt8]) -> ClientMessage? {
        guard let fields = flatObject(bytes), let type = fields.type else { return nil }
        switch type {
        case "drag":
            guard fields.count == 6, let card = fields.card, let phaseName = fields.phase,
                  let phase = DragPhase(rawValue: phaseName), case let .number(x, _)? = fields.x,
                  case let .number(y, _)? = fields.y, case let .number(t, _)? = fields.t else { return nil }
            return .drag(DragUpdate(card: CardID(card), phase: phase, x: x, y: y, t: t))
        case "swipe":
            guard let card = fields.card, let directionName = fields.direction,
                  let direction = SwipeDirection(rawValue: directionName) else { return nil }
            switch (fields.count, fields.seq) {
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

    /// The fields of a flat JSON object of known keys with strings and numbers, or nil for anything
    /// else (an unknown or repeated key, a nested value, a value of the wrong kind).
    static func flatObject(_ bytes: [UInt8]) -> Fields? {
        var reader = Cursor(bytes: bytes)
        var fields = Fields()
        reader.skipSpace()
        guard reader.take(0x7B) else { return nil }   // {
        reader.skipSpace()
        if reader.take(0x7D) { return reader.atEndAfterSpace ? fields : nil }
        while true {
            reader.skipSpace()
            guard let key = reader.knownKey() else { return nil }
            reader.skipSpace()
            guard reader.take(0x3A) else { return nil }   // :
            reader.skipSpace()
            guard let value = reader.value(), fields.set(key, value) else { return nil }
            reader.skipSpace()
            if reader.take(0x2C) { continue }   // ,
            guard reader.take(0x7D) else { return nil }   // }
            return reader.atEndAfterSpace ? fields : nil
        }
    }

    struct Cursor {
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

        /// The bytes of a string of printable ASCII without escapes (after its closing quote).
        mutating func plainString() -> Range<Int>? {
            guard take(0x22) else { return nil }
            let start = index
            while let byte = current, byte != 0x22 {
                guard byte >= 0x20, byte < 0x7F, byte != 0x5C else { return nil }
                index += 1
            }
            guard current == 0x22 else { return nil }
            index += 1
            return start..<(index - 1)
        }

        mutating func string() -> String? {
            plainString().map { String(decoding: bytes[$0], as: UTF8.self) }
        }

        /// A key of `Fields.keys`, by its number there.
        mutating func knownKey() -> Int? {
            guard let range = plainString() else { return nil }
            return Fields.keys.firstIndex { $0.elementsEqual(bytes[range]) }
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
            guard let value = Self.exactDouble(bytes[start..<index]) ?? Double(String(decoding: bytes[start..<index], as: UTF8.self)),
                  value.isFinite else { return nil }
            return .number(value, isInteger: isInteger)
        }

        /// Clinger's fast path: a number of at most 15 significant digits and a power of ten up to
        /// 22 is one exact integer times or over one exact power of ten, so a single (correctly
        /// rounded) IEEE operation gives the same double as a full parse. Nil when it does not apply.
        static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
                                            1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

        static func exactDouble(_ text: ArraySlice<UInt8>) -> Double? {
            var mantissa: Int64 = 0
            var digits = 0
            var scale = 0   // the power of ten the mantissa is multiplied by
            var negative = false
            var exponent = 0
            var exponentNegative = false
            var part = 0   // 0 integer, 1 fraction, 2 exponent
            for byte in text {
                switch byte {
                case 0x2D where part == 0: negative = true
                case 0x2D: exponentNegative = true
                case 0x2B: break
                case 0x2E: part = 1
                case 0x65, 0x45: part = 2
                case 0x30...0x39 where part == 2:
                    exponent = exponent * 10 + Int(byte - 0x30)
                    if exponent > 400 { return nil }
                default:   // a digit of the integer or the fraction
                    if mantissa == 0 && byte == 0x30 {
                        if part == 1 { scale -= 1 }   // leading zeros count nothing but their place
                        continue
                    }
                    digits += 1
                    if digits > 15 { return nil }
                    mantissa = mantissa * 10 + Int64(byte - 0x30)
                    if part == 1 { scale -= 1 }
                }
            }
            scale += exponentNegative ? -exponent : exponent
            var value = Double(mantissa)
            if mantissa == 0 {
                value = 0
            } else if scale >= 0 && scale <= 22 {
                value *= powersOfTen[scale]
            } else if scale < 0 && scale >= -22 {
                value /= powersOfTen[-scale]
            } else {
                return nil
            }
            return negative ? -value : value
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        private mutating func skipDigits() {
            while let byte = current, isDigit(byte) { index += 1 }
        }
    }
}
