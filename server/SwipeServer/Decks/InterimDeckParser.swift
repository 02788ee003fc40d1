import Foundation
import SwipeCore

/// INTERIM stand-in for SwipeCore's `DeckLoader` (remove once it lands; only `CoreBridge.parseDeck` calls it).
/// JSON: `{"name":"movies","title":"Movies","cards":[{"id":"dune","title":"Dune"}]}`.
/// CSV: header `id,title[,body][,tags]`, tags separated by `;`.
enum InterimDeckParser {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private struct JSONDeck: Decodable {
        var name: String?
        var title: String?
        var cards: [Card]
    }

    static func parse(_ bytes: [UInt8], fileName: String) throws -> ParsedDeck {
        let stem = (fileName as NSString).deletingPathExtension
        let lower = fileName.lowercased()
        let deck: ParsedDeck
        if lower.hasSuffix(".json") {
            do {
                let file = try JSONDecoder().decode(JSONDeck.self, from: Data(bytes))
                deck = ParsedDeck(name: file.name ?? stem, title: file.title ?? file.name ?? stem, cards: file.cards)
            } catch let error as DecodingError {
                throw Failure(description: "\(fileName): \(describe(error))")
            }
        } else if lower.hasSuffix(".csv") {
            deck = ParsedDeck(name: stem, title: stem, cards: try parseCSV(String(decoding: bytes, as: UTF8.self), fileName: fileName))
        } else {
            throw Failure(description: "\(fileName): not a deck (expected .json or .csv)")
        }
        if deck.cards.isEmpty { throw Failure(description: "\(fileName): the deck has no cards") }
        var seen = Set<CardID>()
        for (index, card) in deck.cards.enumerated() {
            if card.id.rawValue.isEmpty { throw Failure(description: "\(fileName): card \(index + 1): field \"id\" is empty") }
            if card.title.isEmpty { throw Failure(description: "\(fileName): card \(index + 1) (\"\(card.id)\"): field \"title\" is empty") }
            if !seen.insert(card.id).inserted {
                throw Failure(description: "\(fileName): card \(index + 1): id \"\(card.id)\" is used twice")
            }
        }
        return deck
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String { keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") }
        switch error {
        case let .keyNotFound(key, context): return "field \"\(path(context.codingPath + [key]))\" is missing"
        case let .typeMismatch(_, context): return "field \"\(path(context.codingPath))\" has the wrong type"
        case let .valueNotFound(_, context): return "field \"\(path(context.codingPath))\" is null"
        case let .dataCorrupted(context): return "invalid JSON \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    private static func parseCSV(_ text: String, fileName: String) throws -> [Card] {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        guard let header = lines.first else { throw Failure(description: "\(fileName): empty file") }
        let columns = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let idColumn = columns.firstIndex(of: "id"), let titleColumn = columns.firstIndex(of: "title") else {
            throw Failure(description: "\(fileName): line 1: the header needs \"id\" and \"title\" columns")
        }
        var cards: [Card] = []
        for (offset, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let fields = splitCSV(line)
            guard fields.count == columns.count else {
                throw Failure(description: "\(fileName): line \(offset + 1): \(fields.count) fields, the header has \(columns.count)")
            }
            let body = columns.firstIndex(of: "body").map { fields[$0] } ?? ""
            let tags = columns.firstIndex(of: "tags").map { fields[$0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
            cards.append(Card(id: CardID(fields[idColumn]), title: fields[titleColumn], body: body, tags: tags))
        }
        return cards
    }

    private static func splitCSV(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var chars = line.makeIterator()
        while let c = chars.next() {
            if quoted {
                if c == "\"" {
                    quoted = false
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                if current.hasSuffix("\"") == false && current.isEmpty == false { current.append(c) } else { quoted = true }
            } else if c == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        fields.append(current)
        return fields
    }
}
