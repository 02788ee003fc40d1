/// The entity tag of a picture's bytes: `p-` and 32 hex digits of two 64-bit FNV-1a hashes (with
/// different offsets) of the bytes. Not a security measure: it names a version for caches.
/// Sent bare in JSON (`"etag":"p-…"`) and quoted in HTTP (`ETag: "p-…"`).
///
/// ```swift
/// PictureETag.of([1, 2, 3]).hasPrefix("p-")     // true
/// PictureETag.of([1, 2, 3]).count               // 34
/// PictureETag.matches("\"p-ab\", W/\"x\"", etag: "p-ab")   // true
/// ```
public enum PictureETag {
    /// The tag of `bytes`.
    public static func of(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x6c62_272e_07bb_0142
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        b ^= UInt64(bytes.count)
        return "p-" + hex(a) + hex(b)
    }

    /// True when an `If-None-Match` header value names `etag` (or is `*`); weak tags compare by
    /// their opaque part, as RFC 9110 §13.1.2 says for If-None-Match.
    public static func matches(_ ifNoneMatch: String, etag: String) -> Bool {
        for part in ifNoneMatch.split(separator: ",") {
            var tag = part.trimmingSpaces()
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
            if tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") { tag = String(tag.dropFirst().dropLast()) }
            if tag == etag { return true }
        }
        return false
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
