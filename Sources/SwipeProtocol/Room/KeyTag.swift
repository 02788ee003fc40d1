/// A short tag of a member's SSH key, shown beside their name so a group can tell apart members
/// who came through the SSH gateway: the first 6 characters of the key's SHA-256 fingerprint, as
/// OpenSSH prints it after `SHA256:`. The gateway sends it; the server takes it only from an
/// address it trusts (`--trust-proxy`).
///
/// ```swift
/// KeyTag.tag(ofFingerprint: "SHA256:Y4Fe1v/KSkkIUbdrDMb3QzkfEzkbj3VbctMRPVUfb2I")   // "Y4Fe1v"
/// KeyTag.isTag("Y4Fe1v")   // true
/// ```
public enum KeyTag {
    /// How many characters of the fingerprint a tag shows.
    public static let length = 6

    public static func tag(ofFingerprint fingerprint: String) -> String? {
        let digest = fingerprint.hasPrefix("SHA256:") ? String(fingerprint.dropFirst("SHA256:".count)) : fingerprint
        let tag = String(digest.prefix(length))
        return isTag(tag) ? tag : nil
    }

    /// 1 to 16 characters of base64 (letters, digits, `+`, `/`): nothing that could steer a terminal.
    public static func isTag(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 16 && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "/") }
    }
}
