import Foundation
import SwipeCore

/// `picture` (protocol 4): part of a picture of the host's own deck, sent **before** `create` on the
/// connection that will create the room. A picture goes as one or more chunks in order: each
/// names the deck's `file` (as its cards name it), the whole picture's `size` in bytes, where its
/// bytes start (`offset`) and the bytes themselves in base64 (`data`). The server keeps the parts,
/// checks the whole picture as it checks deck pictures once the last part is in, and answers
/// `pictureReceived` with the tag it computed; `create`'s inline cards then name that tag.
///
/// ```json
/// {"type":"picture","file":"posters/dune.png","size":6,"offset":0,"data":"iVBORw0K"}
/// ```
public struct PictureChunk: Hashable, Sendable, Codable {
    /// The picture's file, relative to the deck file (what the cards' `picture` names).
    public var file: String
    /// The whole picture's length in bytes (the same in every chunk of it).
    public var size: Int
    /// Where this chunk's bytes start in the picture (0, then the bytes received so far).
    public var offset: Int
    /// This chunk's bytes, base64 (RFC 4648, with padding).
    public var data: String

    /// Creates a part.
    ///
    /// ```swift
    /// let first = PictureChunk(file: "dune.png", size: 396, offset: 0, data: Data(bytes[..<200]).base64EncodedString())
    /// ```
    public init(file: String, size: Int, offset: Int, data: String) {
        self.file = file
        self.size = size
        self.offset = offset
        self.data = data
    }

    /// Raw bytes per chunk that keep a `picture` message under the default 64 KiB message limit:
    /// 45 KiB is 61,440 characters of base64, which leaves room for a 200-byte file name and the keys.
    public static let standardChunkBytes = 45 * 1024

    /// `bytes` as the chunks that send them, in order (one chunk for an empty picture).
    ///
    /// ```swift
    /// PictureChunk.chunks(of: [UInt8](repeating: 0, count: 100_000), file: "a.png").map(\.offset)   // [0, 46080, 92160]
    /// ```
    public static func chunks(of bytes: [UInt8], file: String, chunkBytes: Int = standardChunkBytes) -> [PictureChunk] {
        let step = max(1, chunkBytes)
        return stride(from: 0, to: max(bytes.count, 1), by: step).map { start in
            let part = bytes[start..<min(bytes.count, start + step)]
            return PictureChunk(file: file, size: bytes.count, offset: start, data: Data(part).base64EncodedString())
        }
    }
}

/// `pictureReceived` (protocol 4): the whole picture `file` arrived and passed the server's checks;
/// `etag` is the tag the server computed from its bytes (`u-` and their SHA-256), which `create`'s
/// inline cards name in `picture.etag`. Sent to the uploader only.
///
/// ```json
/// {"type":"pictureReceived","file":"posters/dune.png","etag":"u-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad","bytes":305}
/// ```
public struct PictureReceived: Hashable, Sendable, Codable {
    public var file: String
    public var etag: String
    /// The picture's length in bytes.
    public var bytes: Int

    /// Creates an acknowledgement.
    ///
    /// ```swift
    /// PictureReceived(file: "dune.png", etag: PictureETag.upload(of: bytes), bytes: bytes.count)
    /// ```
    public init(file: String, etag: String, bytes: Int) {
        self.file = file
        self.etag = etag
        self.bytes = bytes
    }
}
