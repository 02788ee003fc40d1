/// A card's picture file: its name as the deck file gives it (relative to the deck file's folder)
/// and, once a server has read and checked the file, its entity tag. The loader only records the
/// name; the server's deck library reads the file, validates it and fills in ``etag``. Clients
/// fetch the bytes by HTTP (`GET /rooms/CODE/cards/ID/picture`) and key their caches by the tag.
///
/// ```swift
/// let picture = CardPicture(file: "dune.png", etag: "p-5f1c0e2d9a7b3c41")
/// picture.format   // .png
/// ```
public struct CardPicture: Hashable, Sendable, Codable {
    /// The file, relative to the deck file's folder, e.g. `"posters/dune.jpg"`.
    public var file: String
    /// The server's tag for the file's bytes (nil until a server has checked the file).
    public var etag: String?

    /// Creates a picture reference.
    ///
    /// ```swift
    /// let named = CardPicture(file: "dune.jpg")
    /// ```
    public init(file: String, etag: String? = nil) {
        self.file = file
        self.etag = etag
    }

    /// The format the file's extension names (the bytes are checked by the server).
    ///
    /// ```swift
    /// CardPicture(file: "a/B.JPEG").format   // .jpeg
    /// CardPicture(file: "b.gif").format      // nil
    /// ```
    public var format: PictureFormat? { PictureFormat(fileName: file) }

    /// Why `file` cannot name a picture, or nil when it can: it must be relative, stay inside the
    /// deck's folder (no `..`), have no backslashes or control characters, be at most 200 bytes
    /// and end in `.png`, `.jpg` or `.jpeg`.
    ///
    /// ```swift
    /// CardPicture.problem(with: "../etc/passwd.png")   // "must stay inside the deck's folder (no \"..\")"
    /// CardPicture.problem(with: "dune.jpg")            // nil
    /// ```
    public static func problem(with file: String) -> String? {
        if file.isEmpty { return "empty" }
        if file.utf8.count > 200 { return "too long: \(file.utf8.count) bytes, the limit is 200" }
        if file.hasPrefix("/") { return "must be relative to the deck file, not an absolute path" }
        if file.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
            return "must not contain backslashes or control characters"
        }
        if file.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0.isEmpty }) {
            return "must stay inside the deck's folder (no \"..\")"
        }
        if PictureFormat(fileName: file) == nil { return "expected a .png, .jpg or .jpeg file, got \"\(file)\"" }
        return nil
    }
}

/// The picture formats cards may use.
///
/// ```swift
/// PictureFormat(fileName: "x.png")   // .png
/// PictureFormat.jpeg.contentType     // "image/jpeg"
/// ```
public enum PictureFormat: String, Hashable, Sendable, Codable, CaseIterable {
    case png, jpeg

    /// The format a file name's extension names (any case), or nil.
    ///
    /// ```swift
    /// PictureFormat(fileName: "poster.jpg")   // .jpeg
    /// ```
    public init?(fileName: String) {
        let last = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        switch last[last.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        default: return nil
        }
    }

    /// The format the first bytes announce (PNG signature, JPEG SOI marker), or nil.
    ///
    /// ```swift
    /// PictureFormat(magic: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])   // .png
    /// PictureFormat(magic: Array("GIF89a".utf8))                             // nil
    /// ```
    public init?(magic bytes: some Collection<UInt8>) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            return nil
        }
    }

    /// The HTTP `Content-Type`.
    ///
    /// ```swift
    /// PictureFormat.png.contentType   // "image/png"
    /// ```
    public var contentType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        }
    }

    /// The name people know the format by.
    ///
    /// ```swift
    /// PictureFormat.jpeg.displayName   // "JPEG"
    /// ```
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        }
    }
}
