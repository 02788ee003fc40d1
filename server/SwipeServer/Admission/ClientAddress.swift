import Foundation
/// Whose address a request counts against: the peer's, or, when the peer is a trusted proxy
/// (`--trust-proxy`), the client address that proxy put in `Forwarded` (RFC 7239) or, without
/// it, `X-Forwarded-For`. The chain is read from the right (the hop the trusted proxy added) and
/// the first address that is not itself a trusted proxy is the client; what a client wrote
/// further left is never believed. Headers from an untrusted peer are ignored.
///
/// ```swift
/// let proxies = [try AddressRange(parsing: "10.0.0.5")]
/// ClientAddress.resolve(peer: "10.0.0.5", forwarded: nil, forwardedFor: "6.6.6.6, 203.0.113.9", trusted: proxies)   // "203.0.113.9"
/// ClientAddress.resolve(peer: "198.51.100.7", forwarded: nil, forwardedFor: "1.2.3.4", trusted: proxies)            // "198.51.100.7"
/// ```
public enum ClientAddress {
    /// The address to count: see the type's description.
    ///
    /// ```swift
    /// ClientAddress.resolve(peer: "10.0.0.5", forwarded: "for=\"[2001:db8::7]:4711\"", forwardedFor: nil, trusted: proxies)   // "2001:db8::7"
    /// ```
    public static func resolve(peer: String, forwarded: String?, forwardedFor: String?, trusted: [AddressRange]) -> String {
        guard isTrusted(peer, trusted) else { return peer }
        let chain: [String]
        if let forwarded, !forwarded.isEmpty {
            chain = forwardedFors(forwarded)
        } else if let forwardedFor, !forwardedFor.isEmpty {
            chain = forwardedFor.split(separator: ",").map { strip(String($0)) }
        } else {
            return peer
        }
        for hop in chain.reversed() {
            guard AddressRange.bytes(of: hop) != nil else { return peer }   // garbage from the proxy: count against the proxy
            if !isTrusted(hop, trusted) { return hop }
        }
        return chain.first ?? peer
    }

    private static func isTrusted(_ address: String, _ trusted: [AddressRange]) -> Bool {
        trusted.contains { $0.contains(address) }
    }

    /// The `for=` values of a `Forwarded` header, in order.
    static func forwardedFors(_ header: String) -> [String] {
        header.split(separator: ",").compactMap { element in
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "for" else { continue }
                return strip(String(parts[1]))
            }
            return nil
        }
    }

    /// `"[2001:db8::7]:4711"` → `2001:db8::7`; `192.0.2.1:80` → `192.0.2.1`; blanks and quotes removed.
    static func strip(_ value: String) -> String {
        var text = value.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
        if text.hasPrefix("[") {
            return text.dropFirst().split(separator: "]", maxSplits: 1).first.map(String.init) ?? text
        }
        if text.filter({ $0 == ":" }).count == 1, let host = text.split(separator: ":").first { return String(host) }
        return text
    }
}
