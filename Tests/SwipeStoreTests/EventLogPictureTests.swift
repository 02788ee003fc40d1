import Foundation
import Testing
@testable import SwipeStore

/// A room's uploaded pictures beside its log: kept once per tag, read back, deleted when the room
/// is forgotten, and orphans (a room the log does not load) dropped.
@Suite struct EventLogPictureTests {
    @Test func picturesLiveAndDieWithTheirRoom() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try EventLog(path: path)
        try log.append([LogEntry(room: "R1", kind: "roomCreated", payload: [1], at: 0), LogEntry(room: "R2", kind: "roomCreated", payload: [1], at: 0)])
        try log.keepPictures([StoredPictureRow(etag: "u-1", format: "png", bytes: [1, 2, 3]), StoredPictureRow(etag: "u-2", format: "jpeg", bytes: [4])], room: "R1")
        try log.keepPictures([StoredPictureRow(etag: "u-1", format: "png", bytes: [1, 2, 3])], room: "R1")
        try log.keepPictures([StoredPictureRow(etag: "u-1", format: "png", bytes: [1, 2, 3])], room: "R2")
        #expect(try log.pictureCount() == 3)
        #expect(try log.picture(room: "R1", etag: "u-2") == StoredPictureRow(etag: "u-2", format: "jpeg", bytes: [4]))
        #expect(try log.picture(room: "R2", etag: "u-2") == nil, "another room's picture")

        try log.forget(room: "R1")
        #expect(try log.picture(room: "R1", etag: "u-1") == nil)
        #expect(try log.picture(room: "R2", etag: "u-1") != nil)

        // Reopened (an older file gets the table too); a room without records is an orphan.
        let again = try EventLog(path: path)
        try again.keepPictures([StoredPictureRow(etag: "u-9", format: "png", bytes: [9])], room: "NEVER")
        try again.forgetOrphanPictures()
        #expect(try again.pictureCount() == 1)
        #expect(try again.picture(room: "R2", etag: "u-1")?.bytes == [1, 2, 3])
    }
}
