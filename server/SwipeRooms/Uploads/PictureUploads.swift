import Foundation
import SwipeCore
import SwipePictures
import SwipeProtocol

/// The pictures one connection uploads before its `create` (`picture` messages): the parts of the
/// picture under way, in order, and the whole pictures that passed the checks deck pictures pass
/// (format from the bytes against the name's, `--max-picture-bytes`, `--max-picture-pixels`,
/// every pixel), each under the tag computed here from its bytes (`PictureETag.upload`). The
/// room's total (`--max-room-picture-bytes`) is refused from a picture's declared size, before its
/// bytes arrive. Any refusal drops the picture under way (the client may start it again); the
/// pictures already received stay, and so does a picture under way until no part of it has come
/// for `UploadLimits.partTimeout` (`dropStalledPicture`). A value: the shell keeps one per connection.
///
/// ```swift
/// var uploads = PictureUploads(limits: UploadLimits())
/// let outcome = uploads.take(PictureChunk(file: "dune.png", size: png.count, offset: 0, data: Data(png).base64EncodedString()), at: now)
/// // .success(.received(PictureReceived(file: "dune.png", etag: "u-…", bytes: png.count)))
/// ```
public struct PictureUploads: Hashable, Sendable {
    /// What a chunk did: more parts are expected, or the picture is whole and checked.
    public enum Outcome: Hashable, Sendable {
        case partial(received: Int)
        case received(PictureReceived)
    }

    public let limits: UploadLimits
    /// The whole, checked pictures, by their tags.
    public private(set) var pictures: [String: PictureAsset] = [:]
    /// The picture under way: its file, declared size and the bytes so far.
    private var current: Partial?
    /// When the picture under way last got a part (server time, ms).
    private var lastPartAt: ServerTime = 0

    private struct Partial: Hashable, Sendable {
        var file: String
        var size: Int
        var bytes: [UInt8]
    }

    public init(limits: UploadLimits) { self.limits = limits }

    /// The bytes of the whole pictures together.
    ///
    /// ```swift
    /// uploads.receivedBytes   // 396 after one 396-byte picture
    /// ```
    public var receivedBytes: Int { pictures.values.reduce(0) { $0 + $1.bytes.count } }

    /// The bytes this connection holds: whole pictures and the one under way (its declared size).
    ///
    /// ```swift
    /// uploads.heldBytes   // 396 + 927 while a 927-byte picture's first part is in
    /// ```
    public var heldBytes: Int { receivedBytes + (current?.size ?? 0) }

    /// Takes one chunk: an error (named for the `picture` message) when it is refused.
    ///
    /// ```swift
    /// uploads.take(PictureChunk(file: "a.png", size: 10, offset: 4, data: "AAAA"), at: now)
    /// // .failure(ProtocolError(.badField, "picture: a.png: field \"offset\" must be 0 for a picture's first part (got 4)"))
    /// ```
    public mutating func take(_ chunk: PictureChunk, at now: ServerTime) -> Result<Outcome, ProtocolError> {
        let result = accept(chunk)
        if case .failure = result { current = nil }
        lastPartAt = now
        return result
    }

    /// Drops the picture under way when no part of it has come since `now - limits.partTimeout`;
    /// returns the refusal to send (naming the file), or nil when nothing was dropped.
    ///
    /// ```swift
    /// uploads.dropStalledPicture(at: now)?.message   // "picture: dune.png: no part of it came for 30 s; send it again from offset 0"
    /// ```
    public mutating func dropStalledPicture(at now: ServerTime) -> ProtocolError? {
        guard let stalled = current, now - lastPartAt >= limits.partTimeout else { return nil }
        current = nil
        let seconds = Int(limits.partTimeout / 1000)
        return ProtocolError(.badField, "picture: \(stalled.file): no part of it came for \(seconds) s; send it again from offset 0")
    }

    /// Whether a picture is under way (parts of it received, not all).
    ///
    /// ```swift
    /// uploads.isReceivingPicture   // true between a picture's first and last part
    /// ```
    public var isReceivingPicture: Bool { current != nil }

    /// Why this connection cannot take a picture whose first part is `chunk`, by its own limits
    /// (the file name, the declared size against `--max-picture-bytes`, the room's total against
    /// `--max-room-picture-bytes`, the offset), or nil. The shell asks this before the server's
    /// budget of uploads, so a picture that could never be taken is refused for what it is rather
    /// than told to wait.
    ///
    /// ```swift
    /// uploads.refusal(startingWith: PictureChunk(file: "a.png", size: 99_999_999, offset: 0, data: ""))?.code   // .badPicture
    /// ```
    public func refusal(startingWith chunk: PictureChunk) -> ProtocolError? {
        if let refusal = partRefusal(chunk) { return refusal }
        guard chunk.offset == 0 else { return Self.refusal(chunk, .badField, "field \"offset\" must be 0 for a picture's first part (got \(chunk.offset))") }
        let total = receivedBytes + chunk.size
        if total > limits.maxRoomBytes {
            return Self.refusal(chunk, .badPicture, "the room's pictures would be \(total) bytes together, the limit is \(limits.maxRoomBytes) (--max-room-picture-bytes)")
        }
        return nil
    }

    /// What every part must be: a file name a deck may use, and a declared size within the picture limit.
    private func partRefusal(_ chunk: PictureChunk) -> ProtocolError? {
        if let problem = CardPicture.problem(with: chunk.file) { return Self.refusal(chunk, .badPicture, "the file name \(problem)") }
        guard chunk.size > 0 else {
            return Self.refusal(chunk, .badField, "field \"size\" must be the picture's length in bytes, more than 0 (got \(chunk.size))")
        }
        if chunk.size > limits.pictures.maxBytes {
            let problem = PictureProblem.tooManyBytes(chunk.size, limit: limits.pictures.maxBytes)
            return Self.refusal(chunk, .badPicture, "\(problem.description) (--max-picture-bytes)")
        }
        return nil
    }

    /// A refusal naming the `picture` message and its file.
    private static func refusal(_ chunk: PictureChunk, _ code: ErrorCode, _ message: String) -> ProtocolError {
        ProtocolError(code, "picture: \(String(chunk.file.prefix(200))): \(message)")
    }

    private mutating func accept(_ chunk: PictureChunk) -> Result<Outcome, ProtocolError> {
        let file = chunk.file
        func refuse(_ code: ErrorCode, _ message: String) -> Result<Outcome, ProtocolError> {
            .failure(Self.refusal(chunk, code, message))
        }
        if let current {
            if let refusal = partRefusal(chunk) { return .failure(refusal) }
            guard current.file == file, current.size == chunk.size, chunk.offset == current.bytes.count else {
                return refuse(.badField, "expected the part of \"\(current.file)\" (\(current.size) bytes) at offset \(current.bytes.count), "
                              + "got \"\(String(file.prefix(200)))\" (\(chunk.size) bytes) at offset \(chunk.offset); send that picture again from offset 0")
            }
        } else {
            if let refusal = refusal(startingWith: chunk) { return .failure(refusal) }
            current = Partial(file: file, size: chunk.size, bytes: [])
            current?.bytes.reserveCapacity(chunk.size)
        }
        guard let data = Data(base64Encoded: chunk.data), !data.isEmpty else {
            return refuse(.badField, "field \"data\" must be the part's bytes in base64, not empty")
        }
        guard var upload = current, upload.bytes.count + data.count <= upload.size else {
            return refuse(.badField, "the parts are longer than the picture's size (\(chunk.size) bytes)")
        }
        current = nil   // (no second copy of the bytes while they grow)
        upload.bytes.append(contentsOf: data)
        guard upload.bytes.count == upload.size else {
            current = upload
            return .success(.partial(received: upload.bytes.count))
        }
        let info: PictureInfo
        do {
            info = try PictureReader.check(upload.bytes, named: PictureFormat(fileName: file), limits: limits.pictures)
        } catch {
            return refuse(.badPicture, error.description)
        }
        let etag = PictureETag.upload(of: upload.bytes)
        pictures[etag] = PictureAsset(bytes: upload.bytes, info: info, etag: etag)
        return .success(.received(PictureReceived(file: file, etag: etag, bytes: upload.size)))
    }
}
