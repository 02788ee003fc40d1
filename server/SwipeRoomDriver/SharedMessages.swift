// What nodes tell each other on a shared store's channels (`SharedStore.publish`), written and
// read here for every store: a relayed broadcast of an unlogged message, and an address past its
// failed lookups. Any thread (values).
import Foundation
import SwipeProtocol
import SwipeRooms

/// A broadcast another node relays to a room's members here (a drag, its snap-back):
/// `NODE "\n" EXCEPT "\n" MESSAGE`, the message as the wire encodes it.
///
/// ```swift
/// let bytes = RelayedMessage(node: "n1#4f2a", except: "m2", message: Array("{}".utf8)).encoded
/// RelayedMessage(decoding: bytes)?.except   // "m2"
/// ```
struct RelayedMessage: Equatable {
    /// The node instance that relayed it (its own relays come back to it, and are dropped).
    var node: String
    /// The member it is not for (the one who dragged).
    var except: MemberID?
    var message: [UInt8]

    var encoded: [UInt8] { Array("\(node)\n\(except?.rawValue ?? "")\n".utf8) + message }

    init(node: String, except: MemberID?, message: [UInt8]) {
        self.node = node
        self.except = except
        self.message = message
    }

    /// Nil when `bytes` is not one.
    init?(decoding bytes: [UInt8]) {
        let parts = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty else { return nil }
        node = String(decoding: parts[0], as: UTF8.self)
        let except = String(decoding: parts[1], as: UTF8.self)
        self.except = except.isEmpty ? nil : MemberID(except)
        message = Array(parts[2])
    }
}

/// An address a node found past its failed room-code lookups, and every node's failures' ages
/// (ms): `ADDRESS "\n" AGE " " AGE …`, so every node slows it at once.
///
/// ```swift
/// SlowedLookups(decoding: Array("10.0.0.7\n3.000 1.000".utf8))?.ages   // [3, 1]
/// ```
struct SlowedLookups: Equatable {
    var address: String
    var ages: [ServerTime]

    var encoded: [UInt8] { Array((address + "\n" + ages.map { String(format: "%.3f", $0) }.joined(separator: " ")).utf8) }

    init(address: String, ages: [ServerTime]) {
        self.address = address
        self.ages = ages
    }

    /// Nil when `bytes` is not one (no address, no age, or a word that is not a number).
    init?(decoding bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let newline = text.firstIndex(of: "\n") else { return nil }
        let address = String(text[..<newline])
        let words = text[text.index(after: newline)...].split(separator: " ")
        let ages = words.compactMap { ServerTime($0) }
        guard !address.isEmpty, ages.count == words.count, !ages.isEmpty else { return nil }
        self.address = address
        self.ages = ages
    }
}
