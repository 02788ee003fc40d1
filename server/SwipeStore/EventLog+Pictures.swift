// The pictures a room's host uploaded, kept beside the room's log in the `picture` table (room, tag,
// format, bytes) and deleted with the room's checkpoint when it is forgotten. Same thread as the log.

/// One uploaded picture as the log keeps it.
///
/// ```swift
/// let row = StoredPictureRow(etag: "u-ba78…", format: "png", bytes: png)
/// ```
public struct StoredPictureRow: Hashable, Sendable {
    public var etag: String
    public var format: String
    public var bytes: [UInt8]

    public init(etag: String, format: String, bytes: [UInt8]) {
        self.etag = etag
        self.format = format
        self.bytes = bytes
    }
}

extension EventLog {
    /// The table's definition (created with the log's other tables; an older file gets it on open).
    static let pictureTable = """
        CREATE TABLE IF NOT EXISTS picture (
            room TEXT NOT NULL,
            etag TEXT NOT NULL,
            format TEXT NOT NULL,
            bytes BLOB NOT NULL,
            PRIMARY KEY (room, etag));
        """

    /// Keeps `pictures` with `room`, in one transaction (a tag the room has already is kept once).
    ///
    /// ```swift
    /// try log.keepPictures([StoredPictureRow(etag: "u-…", format: "png", bytes: png)], room: "K7QM-X4TD-9R")
    /// ```
    public func keepPictures(_ pictures: [StoredPictureRow], room: String) throws {
        guard !pictures.isEmpty else { return }
        try db.execute("BEGIN IMMEDIATE")
        do {
            for picture in pictures {
                try db.run("INSERT OR IGNORE INTO picture (room, etag, format, bytes) VALUES (?, ?, ?, ?)",
                           [.text(room), .text(picture.etag), .text(picture.format), .blob(picture.bytes)])
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    /// Room `room`'s picture with this tag, or nil.
    ///
    /// ```swift
    /// try log.picture(room: "K7QM-X4TD-9R", etag: "u-…")?.bytes.count
    /// ```
    public func picture(room: String, etag: String) throws -> StoredPictureRow? {
        let rows = try db.query("SELECT format, bytes FROM picture WHERE room = ? AND etag = ?", [.text(room), .text(etag)])
        guard let row = rows.first, row.count == 2, case let .text(format) = row[0] else { return nil }
        switch row[1] {
        case let .blob(bytes): return StoredPictureRow(etag: etag, format: format, bytes: bytes)
        case .text, .null, .integer, .real: throw StoreError(path: path, message: "damaged picture \(etag) of room \(room)")
        }
    }

    /// Deletes the pictures of rooms the log no longer loads (a room forgotten, or a create that
    /// never reached its first record).
    ///
    /// ```swift
    /// try log.forgetOrphanPictures()
    /// ```
    public func forgetOrphanPictures() throws {
        try db.run("DELETE FROM picture WHERE room NOT IN (SELECT room FROM log UNION SELECT room FROM checkpoint)")
    }

    /// How many pictures the log keeps (all rooms), for tests and health.
    ///
    /// ```swift
    /// try log.pictureCount()   // 0 for a new log
    /// ```
    public func pictureCount() throws -> Int {
        if case let .integer(n) = try db.query("SELECT COUNT(*) FROM picture").first?.first { return Int(n) }
        return 0
    }
}
