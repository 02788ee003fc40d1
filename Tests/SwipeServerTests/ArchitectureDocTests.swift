import Foundation
import Testing

/// docs/ARCHITECTURE.md's path of one vote cannot drift from the code: every hop written as
/// a file then a function, each in backticks, names a file that exists and a function (or property) declared in it.
@Suite struct ArchitectureDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The section, from its heading to the next one of its level.
    static func votePath() throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let start = try #require(text.range(of: "### One vote, from the key to every screen"))
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)])
    }

    /// Every "`path/File.swift` `name`" pair in `text` (a file, a space, then an identifier).
    static func hops(in text: String) -> [(file: String, name: String)] {
        let pattern = try! NSRegularExpression(pattern: "`([A-Za-z0-9_+/.-]+\\.swift)`\\s+`([a-z][A-Za-z0-9]*)`")
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { match in
            guard let file = Range(match.range(at: 1), in: text), let name = Range(match.range(at: 2), in: text) else { return nil }
            return (String(text[file]), String(text[name]))
        }
    }

    /// A path as the doc writes it: from the repository's root, or the one source file whose path
    /// ends with it (`SwipeApp.swift`, `App/SwipeApp.swift`).
    static func resolve(_ path: String) -> URL? {
        let direct = root.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: direct.path) { return direct }
        let found = ["server", "client", "Sources"].flatMap { folder -> [URL] in
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            return (enumerator?.allObjects as? [URL] ?? []).filter { $0.path.hasSuffix("/" + path) }
        }
        return found.count == 1 ? found[0] : nil
    }

    @Test func everyHopOfTheVotePathNamesAFunctionThatExists() throws {
        let hops = Self.hops(in: try Self.votePath())
        #expect(hops.count >= 15, "the vote path names only \(hops.count) hops as `File.swift` `function`")
        // Both stores' hops and the driver's are among them.
        for file in ["LocalBackend.swift", "LocalBackend+Store.swift", "SQLiteRoomStore.swift", "SharedLogBackend+Input.swift", "SharedLogBackend+Stream.swift", "RedisRoomLog+Append.swift", "RoomDriver+Apply.swift", "ServerShell+Outbound.swift"] {
            #expect(hops.contains { $0.file.hasSuffix(file) }, "\(file) is not a hop of the vote path")
        }
        for hop in hops {
            guard let url = Self.resolve(hop.file) else {
                Issue.record("ARCHITECTURE names \(hop.file), which does not exist")
                continue
            }
            let source = try String(contentsOf: url, encoding: .utf8)
            let declared = ["func \(hop.name)(", "func \(hop.name)<", "var \(hop.name):", "var \(hop.name) ", "let \(hop.name):"]
                .contains { source.contains($0) }
            #expect(declared, "ARCHITECTURE's hop \(hop.file) `\(hop.name)`: no such function there")
        }
    }

    @Test func aHopThatDoesNotExistIsFound() {
        let hops = Self.hops(in: "1. `Transport/ServerShell+Frames.swift` `received`: … `Nowhere.swift` `nothing`")
        #expect(hops.map(\.name) == ["received", "nothing"])
        #expect(Self.resolve("Transport/ServerShell+Frames.swift") != nil)
        #expect(Self.resolve("Nowhere.swift") == nil)
    }
}
