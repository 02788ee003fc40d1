import Foundation
import SwipePictures

/// The public key a member logged in to the SSH gateway with, read from the file sshd names in
/// `$SSH_USER_AUTH` (`ExposeAuthInfo yes`): one line per method that succeeded, e.g.
/// `publickey ssh-ed25519 AAAAC3Nz…`. Its fingerprint is the member's identity on the gateway.
///
/// ```swift
/// let key = SSHUserKey(authInfo: "publickey ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEp…\n")
/// key?.fingerprint   // "SHA256:…", as `ssh-keygen -lf` prints it
/// key?.directoryName // 64 hex digits: the key's folder under the gateway's state
/// ```
public struct SSHUserKey: Hashable, Sendable {
    /// The key's type, e.g. `ssh-ed25519`.
    public let type: String
    /// The key's bytes (the base64 blob of an authorized_keys line, decoded).
    public let blob: [UInt8]

    /// The first public key in `authInfo`; nil when there is none (a guest: `none` authentication)
    /// or it is not valid base64.
    ///
    /// ```swift
    /// SSHUserKey(authInfo: "none\n")   // nil
    /// ```
    public init?(authInfo: String) {
        for line in authInfo.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3, fields[0] == "publickey" else { continue }
            guard let data = Data(base64Encoded: String(fields[2])), !data.isEmpty else { return nil }
            type = String(fields[1])
            blob = Array(data)
            return
        }
        return nil
    }

    /// `SHA256:` and the digest in base64 without padding, as OpenSSH shows fingerprints.
    ///
    /// ```swift
    /// key.fingerprint   // "SHA256:Y4Fe1v/KSkkIUbdrDMb3QzkfEzkbj3VbctMRPVUfb2I"
    /// ```
    public var fingerprint: String {
        let base64 = Data(SHA256.digest(blob)).base64EncodedString()
        return "SHA256:" + base64.replacingOccurrences(of: "=", with: "")
    }

    /// The digest in lower-case hex: safe as a file name (base64 has `/`).
    ///
    /// ```swift
    /// key.directoryName.count   // 64
    /// ```
    public var directoryName: String {
        SHA256.hexDigest(blob)
    }
}
