import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address range in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`, or one address).
///
/// ```swift
/// let proxy = try AddressRange(parsing: "10.1.0.0/16")
/// proxy.contains("10.1.2.3")   // true
/// proxy.contains("10.2.0.1")   // false
/// ```
public struct AddressRange: Hashable, Sendable, CustomStringConvertible {
    /// The network's address bytes (4 or 16) and how many leading bits must match.
    public let network: [UInt8]
    public let prefixLength: Int

    /// Why a range could not be read.
    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Parses `ADDRESS` or `ADDRESS/BITS`.
    ///
    /// ```swift
    /// try AddressRange(parsing: "::1").prefixLength   // 128
    /// ```
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        guard let first = parts.first, let bytes = Self.bytes(of: first) else {
            throw ParseError(description: "\"\(text)\" is not an IP address or CIDR range (e.g. 10.0.0.0/8, ::1)")
        }
        let bits = bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard let parsed = Int(parts[1]), (0...bits).contains(parsed) else {
                throw ParseError(description: "\"\(text)\": the prefix length must be 0…\(bits)")
            }
            length = parsed
        }
        network = bytes
        prefixLength = length
    }

    /// Whether `address` (textual IPv4 or IPv6; an IPv4-mapped IPv6 address counts as IPv4) is in the range.
    ///
    /// ```swift
    /// try AddressRange(parsing: "127.0.0.0/8").contains("127.0.0.1")   // true
    /// ```
    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address), bytes.count == network.count else { return false }
        var remaining = prefixLength
        for (have, want) in zip(bytes, network) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            if have & mask != want & mask { return false }
            remaining -= 8
        }
        return true
    }

    public var description: String { "\(Self.text(of: network))/\(prefixLength)" }

    /// The 4 or 16 bytes of a textual address (IPv4-mapped IPv6 becomes its 4 IPv4 bytes); nil if not an address.
    static func bytes(of text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes.suffix(4)) }
        return bytes
    }

    private static func text(of bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: bytes.count, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }
}
