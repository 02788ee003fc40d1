/// Kitty pictures by id: sent once, placed again by id (a few bytes instead of the picture: a
/// resting picture at 200×60 is about 1.3 MB of base64), freed when the client keeps too many or
/// quits. Every command carries `q=2`, so kitty answers none of them (an answer would arrive as
/// input).
///
/// ```swift
/// let sent = ChafaGraphics.kittyWithID(bytes, id: 7)        // ESC _Ga=T,i=7,q=2,f=32,…
/// let again = ChafaGraphics.kittyPlace(id: 7, from: bytes)  // ESC _Ga=p,i=7,c=27,r=9,q=2 ESC \
/// ```
extension ChafaGraphics {
    static let kittyTransmitPrefix = Array("\u{1B}_Ga=T,".utf8)

    /// chafa's kitty bytes with an id (and no answers asked for); other bytes as they are.
    static func kittyWithID(_ bytes: [UInt8], id: UInt32) -> [UInt8] {
        guard bytes.starts(with: kittyTransmitPrefix) else { return bytes }
        return kittyTransmitPrefix + Array("i=\(id),q=2,".utf8) + bytes[kittyTransmitPrefix.count...]
    }

    /// The command that shows picture `id` again at the cursor over the same cells chafa's bytes
    /// named (`c=` and `r=` of their first command); nil when they name none.
    static func kittyPlace(id: UInt32, from bytes: [UInt8]) -> [UInt8]? {
        guard bytes.starts(with: kittyTransmitPrefix) else { return nil }
        // The first command's keys: after ESC _ G, up to its payload (;) or its end (ESC \).
        let controls = String(decoding: bytes.dropFirst(3).prefix { $0 != 0x1B && $0 != UInt8(ascii: ";") }, as: UTF8.self)
        var cells: [String: String] = [:]
        for pair in controls.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == "c" || parts[0] == "r" { cells[String(parts[0])] = String(parts[1]) }
        }
        guard let columns = cells["c"], let rows = cells["r"] else { return nil }
        return Array("\u{1B}_Ga=p,i=\(id),c=\(columns),r=\(rows),q=2\u{1B}\\".utf8)
    }

    /// Frees picture `id` (its placements and its data).
    static func kittyFree(id: UInt32) -> [UInt8] { Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8) }

    /// Frees every picture this client sent (placements and data), when it quits.
    static let kittyFreeAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
}
