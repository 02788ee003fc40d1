import SwipeProtocol
import SwipeRooms

/// The closing times of hibernated rooms, earliest first, so that only the earliest is on the
/// server's timers: a hundred thousand sleeping rooms must not make every turn of the service loop
/// look through a hundred thousand deadlines. Pure.
///
/// ```swift
/// var closes = SleepingCloses()
/// closes.insert("BBBB-BBBB-BB", at: 2_000)
/// closes.insert("AAAA-AAAA-AA", at: 1_000)
/// closes.first?.code   // "AAAA-AAAA-AA"
/// closes.remove("AAAA-AAAA-AA")
/// closes.first?.code   // "BBBB-BBBB-BB"
/// ```
package struct SleepingCloses: Hashable, Sendable {
    package struct Close: Hashable, Sendable {
        package var deadline: ServerTime
        package var code: RoomCode
    }

    /// Earliest first; ties by code.
    package private(set) var closes: [Close] = []

    package init() {}

    package var first: Close? { closes.first }

    package var count: Int { closes.count }

    /// Adds (or moves) `code`'s close.
    package mutating func insert(_ code: RoomCode, at deadline: ServerTime) {
        remove(code)
        let close = Close(deadline: deadline, code: code)
        var low = 0, high = closes.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(closes[middle], close) { low = middle + 1 } else { high = middle }
        }
        closes.insert(close, at: low)
    }

    /// Many at once (a start reads the whole index): sorted once.
    package mutating func insert(contentsOf added: [Close]) {
        let codes = Set(added.map(\.code))
        closes.removeAll { codes.contains($0.code) }
        closes.append(contentsOf: added)
        closes.sort(by: Self.precedes)
    }

    /// Takes `code`'s close out (the room woke, or was forgotten).
    package mutating func remove(_ code: RoomCode) {
        if let index = closes.firstIndex(where: { $0.code == code }) { closes.remove(at: index) }
    }

    static func precedes(_ a: Close, _ b: Close) -> Bool { (a.deadline, a.code.rawValue) < (b.deadline, b.code.rawValue) }
}
