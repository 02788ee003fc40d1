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
    /// Every subcommand's help reads as prose: no line of a paragraph (one that starts at the
    /// margin) carries a run of spaces, as a help text joined from indented source lines did.
    @Test(arguments: ["swipe", "swipe-server"])
    func everySubcommandsHelpIsWrappedProse(_ name: String) throws {
        let top = try Self.run(name, ["--help"])
        let subcommands = top.output.components(separatedBy: "SUBCOMMANDS:").last?
            .split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
                return line.split(separator: " ").first.map { String($0) }
            } ?? []
        #expect(subcommands.count >= 2, "\(top.output)")
        for subcommand in subcommands {
            let help = try Self.run(name, ["help", subcommand])
            #expect(help.status == 0 && help.output.contains("USAGE: \(name)"), "\(name) help \(subcommand): \(help.output)")
            for line in help.output.split(separator: "\n") where line.first?.isWhitespace == false {
                #expect(!line.contains("   "), "\(name) help \(subcommand): a run of spaces in \"\(line)\"")
            }
        }
    }
}
