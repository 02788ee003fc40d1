import Foundation
import Testing

/// Runs the built executables the way a user would and reads what they print.
@Suite struct BinariesTests {
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: builtProduct(name))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: ["swipe", "swipe-server"])
    func helpDescribesTheCommand(_ name: String) throws {
        let result = try Self.run(name, ["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: \(name)"))
    }
}
