// Shell: reads the deck `swipe create --deck FILE|-` names. Runs on the main thread before the
// screen starts; touches the file system, standard input, and file descriptor 0 (after reading a
// deck from standard input it reopens the terminal there, because curses reads keys from it).
import ArgumentParser
import Foundation
import SwipeClient
import SwipeCore
import SwipeProtocol

enum DeckInput {
    /// The largest deck file read (the server takes at most 500 cards in one message anyway).
    static let maxFileBytes = 4 * 1024 * 1024

    /// Fills `create` from `--deck`: a server deck's name as it is, a file's or standard input's
    /// cards inline. A problem is printed as one line on stderr and ends `swipe` with status 64;
    /// nothing is sent.
    static func fill(_ create: inout CreateRoom, deck: String, format: DeckFormat?) throws {
        let reference = DeckReference(deck)
        let bytes: [UInt8]
        switch reference {
        case .server:
            bytes = []
        case let .file(path):
            bytes = try read(path)
        case .standardInput:
            bytes = try readStandardInput()
        }
        do {
            try reference.fill(&create, bytes: bytes, format: format)
        } catch {
            throw commandFailure(error.description)
        }
    }

    /// The pictures a deck file's cards name, read and checked (relative to the file; for
    /// standard input, to the current directory). A picture that cannot be used is printed with
    /// the deck file, the card and the reason and ends `swipe` with status 64; nothing is sent.
    static func pictures(of create: CreateRoom, deck: String?) throws -> [DeckPicture] {
        guard let deck, let cards = create.cards, cards.contains(where: { $0.picture != nil }) else { return [] }
        let deckFile: String
        switch DeckReference(deck) {
        case .server: return []
        case let .file(path): deckFile = path
        case .standardInput: deckFile = "./standard-input"
        }
        do {
            return try DeckPictureFiles.read(cards: cards, deckFile: deckFile)
        } catch {
            throw commandFailure(error.description + "; no room was created")
        }
    }

    private static func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw commandFailure("\(path): no such deck file (a server deck is named without / or an extension: swipe decks URL lists them)")
        }
        if isDirectory.boolValue { throw commandFailure("\(path): is a directory, not a deck file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw commandFailure("\(path): cannot read the file (permission denied?)") }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxFileBytes + 1)) ?? Data()
        if data.count > maxFileBytes { throw commandFailure("\(path): larger than \(maxFileBytes / 1024 / 1024) MB; a deck sent from a file has at most 500 cards") }
        return Array(data)
    }

    private static func readStandardInput() throws -> [UInt8] {
        if isatty(STDIN_FILENO) != 0 {
            FileHandle.standardError.write(Data("swipe: reading the deck from standard input; end it with Ctrl-D\n".utf8))
        }
        let data = (try? FileHandle.standardInput.read(upToCount: maxFileBytes + 1)) ?? Data()
        if data.count > maxFileBytes { throw commandFailure("standard input: larger than \(maxFileBytes / 1024 / 1024) MB") }
        // Keys come from the terminal, not from the pipe the deck came through.
        if isatty(STDIN_FILENO) == 0 {
            let tty = open("/dev/tty", O_RDWR)
            guard tty >= 0 else {
                throw commandFailure("read the deck from standard input, but there is no terminal to play in (/dev/tty: \(String(cString: strerror(errno))))", status: 6)
            }
            dup2(tty, STDIN_FILENO)
            close(tty)
        }
        return Array(data)
    }

}

extension DeckFormat: ExpressibleByArgument {}
