import Foundation

/// Where an SSH gateway login comes from, as the gateway counts sessions: the client address in
/// sshd's `$SSH_CONNECTION` (`CLIENT_IP CLIENT_PORT SERVER_IP SERVER_PORT`). An IPv4 address is
/// its own source; an IPv6 address counts by its /64 (one home, one cloud machine, one phone's
/// prefix), and an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as the IPv4 address it carries.
///
/// ```swift
/// GatewaySource(sshConnection: "203.0.113.9 51234 192.0.2.1 2222")?.description   // "203.0.113.9"
/// GatewaySource(sshConnection: "2001:db8:1:2:aa::5 4000 ::1 2222")?.description    // "2001:db8:1:2::/64"
/// ```
public struct GatewaySource: Hashable, Sendable, CustomStringConvertible {
    /// The address as people read it: an IPv4 address, or an IPv6 /64 prefix.
    public let description: String
    /// The address itself (an IPv6 /64: the full address, for the server to see the member).
    public let address: String
    /// A file-name-safe form of `description` (digits, letters and `-` only), for slot files.
    public let fileName: String

    /// Nil when `sshConnection` is missing or its first field is no IP address.
    ///
    /// ```swift
    /// GatewaySource(sshConnection: "::ffff:10.0.0.7 1 10.0.0.1 22")?.description   // "10.0.0.7"
    /// GatewaySource(sshConnection: "nonsense")                                      // nil
    /// ```
    public init?(sshConnection: String?) {
        guard let field = sshConnection?.split(separator: " ").first, field.count <= 64 else { return nil }
        let text = String(field)
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(ipv4: withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            self.init(ipv4: Array(bytes[12..<16]))
            return
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        self.init(description: groups.joined(separator: ":") + "::/64", address: Self.ipv6Text(bytes),
                  fileName: "v6-" + groups.joined(separator: "-"))
    }

    private init(ipv4 bytes: [UInt8]) {
        let text = bytes.map(String.init).joined(separator: ".")
        self.init(description: text, address: text, fileName: "v4-" + bytes.map(String.init).joined(separator: "-"))
    }

    private init(description: String, address: String, fileName: String) {
        self.description = description
        self.address = address
        self.fileName = fileName
    }

    private static func ipv6Text(_ bytes: [UInt8]) -> String {
        var copy = in6_addr()
        withUnsafeMutableBytes(of: &copy) { $0.copyBytes(from: bytes) }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &copy, &buffer, socklen_t(buffer.count)) != nil else { return "::" }
        return String(cString: buffer)
    }
}
