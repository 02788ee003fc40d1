/// A JSON text written straight into one byte buffer, the way `JSONEncoder` with
/// `[.sortedKeys, .withoutEscapingSlashes]` writes it: no spaces, strings escaped as it escapes them
/// (`\"`, `\\`, `\b`, `\t`, `\n`, `\f`, `\r`, other controls as `\u00xx`; everything else as UTF-8),
/// numbers as `description` without a trailing `.0`. The caller writes keys in sorted (byte) order;
/// `HotJSONTests` checks every layout against `JSONEncoder`. A non-finite number makes the text
/// unrepresentable (`JSONEncoder` refuses it too).
///
/// ```swift
/// var json = JSONBytes()
/// json.open(); json.key("a"); json.integer(1); json.key("b"); json.string("x\"y"); json.close()
/// String(decoding: json.bytes!, as: UTF8.self)   // {"a":1,"b":"x\"y"}
/// ```
struct JSONBytes {
    private(set) var out: [UInt8] = []
    /// No value written yet in the object or array being written (no comma before the next one).
    private var first = true
    private var representable = true

    init(capacity: Int = 256) { out.reserveCapacity(capacity) }

    /// The text, or nil when a number in it was not finite.
    var bytes: [UInt8]? { representable ? out : nil }

    mutating func open() {
        out.append(0x7B)
        first = true
    }

    mutating func close() {
        out.append(0x7D)
        first = false
    }

    /// `"key":`, after a comma unless it is the object's first key.
    mutating func key(_ key: StaticString) {
        separate()
        out.append(0x22)
        key.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(0x22)
        out.append(0x3A)
    }

    /// An array whose elements `element` writes, one call each.
    mutating func array<S: Sequence>(_ elements: S, _ element: (inout JSONBytes, S.Element) -> Void) {
        out.append(0x5B)
        first = true
        for value in elements {
            separate()
            element(&self, value)
            first = false
        }
        out.append(0x5D)
        first = false
    }

    mutating func string(_ value: String) {
        out.append(0x22)
        var text = value
        text.withUTF8 { utf8 in
            for byte in utf8 {
                switch byte {
                case 0x22: out.append(0x5C); out.append(0x22)
                case 0x5C: out.append(0x5C); out.append(0x5C)
                case 0x08: out.append(0x5C); out.append(0x62)   // \b
                case 0x09: out.append(0x5C); out.append(0x74)   // \t
                case 0x0A: out.append(0x5C); out.append(0x6E)   // \n
                case 0x0C: out.append(0x5C); out.append(0x66)   // \f
                case 0x0D: out.append(0x5C); out.append(0x72)   // \r
                case 0..<0x20:
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30])   // \u00
                    out.append(Self.hexDigits[Int(byte >> 4)])
                    out.append(Self.hexDigits[Int(byte & 0xF)])
                default: out.append(byte)
                }
            }
        }
        out.append(0x22)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func number(_ value: Double) {
        guard value.isFinite else {
            representable = false
            out.append(0x30)
            return
        }
        if value == value.rounded(.towardZero), abs(value) < 1e15, value != 0 || value.sign == .plus {
            integer(Int(value))   // what `description` less ".0" gives for these, without making a String
            return
        }
        if fewDecimals(value) { return }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// A value in [0.001, 1e9) that is the double nearest to a decimal with at most six decimals
    /// (the server rounds what it computes to fewer): those digits are exactly what `description`
    /// prints (a decimal of at most 15 significant digits is the only one that short to round to
    /// its double, so it is the shortest), written without making a String. False for anything
    /// else, which `description` writes.
    private mutating func fewDecimals(_ value: Double) -> Bool {
        let magnitude = abs(value)
        guard magnitude >= 0.001, magnitude < 1e9 else { return false }
        guard magnitude.rounded(toDecimals: 6) == magnitude else { return false }
        let micros = Int((magnitude * 1e6).rounded())
        if value < 0 { out.append(0x2D) }
        integer(micros / 1_000_000)
        var fraction = micros % 1_000_000
        guard fraction != 0 else { return true }
        out.append(0x2E)
        var digits = 6
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            out.append(0x30 + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
        return true
    }

    mutating func integer(_ value: Int) {
        if value < 0 { out.append(0x2D) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }

    mutating func boolean(_ value: Bool) {
        if value {
            out.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    private mutating func separate() {
        if !first { out.append(0x2C) }
        first = false
    }
}
