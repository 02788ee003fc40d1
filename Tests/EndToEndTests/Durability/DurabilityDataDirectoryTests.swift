import Foundation
import Testing

/// `--data`: restarts keep rooms; bad data directories fail at start with the path and what is wrong.
@Suite struct DurabilityDataDirectoryTests {
    /// Runs `swipe-server` expecting it to exit at start; returns (status, stderr).
    static func failingStart(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = ServerProcess.binary
        process.arguments = ["--port", "0"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("swipe-data-\(UUID().uuidString)").path
    }

    @Test func aFileInsteadOfADirectoryIsNamed() throws {
        let file = Self.temporaryDirectory()
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (status, message) = try Self.failingStart(["--data", file])
        #expect(status != 0)
        #expect(message.contains("--data \(file): not a directory"))
    }

    @Test func aDamagedLogFileIsNamed() throws {
        let directory = Self.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = FileManager.default.createFile(atPath: directory + "/rooms.sqlite", contents: Data(repeating: 7, count: 4096))
        let (status, message) = try Self.failingStart(["--data", directory])
        #expect(status != 0)
        #expect(message.contains("\(directory)/rooms.sqlite"))
        #expect(message.contains("not a SwipeDeck data file"))
    }

    @Test func theDataDirectoryIsCreatedPrivate() throws {
        let directory = Self.temporaryDirectory() + "/nested/state"
        defer { try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent) }
        let server = try ServerProcess(arguments: ["--data", directory])
        let attributes = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(FileManager.default.fileExists(atPath: directory + "/rooms.sqlite"))
        #expect(server.terminate() == 0)
    }
}
