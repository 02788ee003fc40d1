import Foundation
import Testing
import SwipeStore
@testable import SwipeNotify

/// Webhook events and rooms' URLs kept in the room log's file, across a reopen (a restart).
@Suite struct WebhookStoreTests {
    func temporaryLog() -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-notify-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("rooms.sqlite").path
    }

    @Test func eventsAndURLsSurviveAReopen() throws {
        let path = temporaryLog()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let record = WebhookRecord(key: "swipedeck-R-opened", room: "R", url: "https://hooks.example/x", body: Array(#"{"a":1}"#.utf8),
                                   createdAt: 1_000, firstAttempt: 1_001, attempts: 2, nextAttempt: 1_030, state: .pending)
        do {
            let store = try WebhookLogStore(path: path, now: 1_000)
            try store.saveWebhook(record)
            try store.keepNotifyURL("https://hooks.example/x", room: "R", at: 1_000)
            try store.keepNotifyURL("https://hooks.example/y", room: "S", at: 1_000)
            try store.forgetNotifyURL(room: "S")
        }
        let reopened = try WebhookLogStore(path: path, now: 1_100)
        #expect(try reopened.loadWebhooks() == [record])
        #expect(try reopened.notifyURL(room: "R") == "https://hooks.example/x")
        #expect(try reopened.notifyURL(room: "S") == nil)
        var delivered = record
        delivered.state = .delivered
        try reopened.saveWebhook(delivered)
        #expect(try reopened.loadWebhooks().map(\.state) == [.delivered])
    }

    @Test func settledEventsAreForgottenAfterAMonthPendingOnesNever() throws {
        let path = temporaryLog()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        do {
            let store = try WebhookLogStore(path: path, now: 0)
            for (key, state) in [("a", WebhookRecord.State.delivered), ("b", .gaveUp), ("c", .pending)] {
                try store.saveWebhook(WebhookRecord(key: key, room: "R", url: "https://h.example/", body: [1], createdAt: 0, attempts: 1,
                                                    nextAttempt: 0, state: state))
            }
        }
        let later = try WebhookLogStore(path: path, now: WebhookLogStore.keepSettled + 1)
        #expect(try later.loadWebhooks().map(\.key) == ["c"])
    }

    @Test func theTablesLiveInTheRoomLog() throws {
        let path = temporaryLog()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let log = try EventLog(path: path)
        try log.keepNotifyURL("https://hooks.example/x", room: "R", at: 0)
        #expect(try WebhookLogStore(path: path, now: 0).notifyURL(room: "R") == "https://hooks.example/x")
    }
}
