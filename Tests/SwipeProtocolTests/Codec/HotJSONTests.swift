import Foundation
import SwipeCore
import Testing
@testable import SwipeProtocol

/// The hot-path writer and reader must agree with JSONEncoder / JSONDecoder byte for byte and value
/// for value: random messages (seeded), edge-case numbers and strings, and mutated bytes.
@Suite struct HotJSONTests {
    static func foundationBytes(_ message: ServerMessage) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(message))
    }

    static let edgeNumbers: [Double] = [0, -0.0, 1, -1, 0.5, 1e-7, 2.5e-5, 123456789.125, 1e15, 1e16, 1.5e20, -3.4e38,
                                        .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1 / 3, 299.99999999999994]
    static let edgeStrings = ["c1", "", "dune", "m-3_x.y", "a b", "Ann", "Zoë", "千と千尋", "quote\"d", "back\\slash", "tab\t",
                              "slash/ok", "\u{2028}", "\u{7F}", "~",
                              "\u{0}", "nul\u{1}\u{1F}", "\u{8}\u{C}\n\r", "Amélie 😀", "#ff8000"]

    struct Random {
        var mutator: MessageMutator
        mutating func number() -> Double {
            switch mutator.roll(4) {
            case 0: return HotJSONTests.edgeNumbers[mutator.roll(HotJSONTests.edgeNumbers.count)]
            case 1: return Double(mutator.roll(2001) - 1000)
            case 2: return Double(mutator.roll(2_000_001) - 1_000_000) / 1000
            default: return Double(bitPattern: mutator.next())
            }
        }
        mutating func string() -> String { HotJSONTests.edgeStrings[mutator.roll(HotJSONTests.edgeStrings.count)] }
        mutating func integer() -> Int { mutator.roll(3) == 0 ? Int(truncatingIfNeeded: mutator.next()) : mutator.roll(50) }
        mutating func flag() -> Bool { mutator.roll(2) == 0 }

        mutating func tally() -> Tally {
            let tally = Tally(card: CardID(string()), likes: integer(), nopes: integer(), superLikes: integer(),
                              voted: integer(), eligible: integer())
            guard flag() else { return tally }
            return tally.followingVote(of: MemberInfo(id: MemberID(string()), name: "x", role: .member, online: true,
                                                      votedCurrent: flag(), votesCast: integer()))
        }
        mutating func member() -> MemberInfo {
            var info = MemberInfo(id: MemberID(string()), name: string(), role: flag() ? .host : .member,
                                  online: flag(), votedCurrent: flag(), votesCast: integer())
            if flag() { info.tag = string() }   // a key tag (members through the SSH gateway)
            return info
        }
        mutating func transform() -> CardTransform {
            CardTransform(translation: Point(x: number(), y: number()), rotation: number(), scale: number(), alpha: number())
        }
        mutating func curve() -> AnimationCurve {
            switch mutator.roll(6) {
            case 0: return .linear
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .easeInOut
            case 4: return .cubicBezier(x1: number(), y1: number(), x2: number(), y2: number())
            default: return .spring(bounciness: number(), speed: number())
            }
        }
        mutating func card() -> Card {
            let image = CardImage(glyph: flag() ? string() : nil, art: flag() ? [string(), string()] : [],
                                  color: flag() ? RGBColor(red: UInt8(mutator.roll(256)), green: UInt8(mutator.roll(256)),
                                                           blue: UInt8(mutator.roll(256))) : nil)
            return Card(id: CardID(string()), title: string(), body: flag() ? string() : "", tags: flag() ? [string()] : [],
                        image: image)
        }
        mutating func cards() -> [Card] { (0..<mutator.roll(4)).map { _ in card() } }
        mutating func animation() -> CardAnimation {
            CardAnimation(card: CardID(string()), kind: AnimationKind.allCases[mutator.roll(AnimationKind.allCases.count)],
                          from: transform(), to: transform(), curve: curve(), duration: number(),
                          startAt: number(), member: flag() ? MemberID(string()) : nil, index: flag() ? integer() : nil)
        }

        /// Every kind the hot writer covers.
        mutating func hotMessage() -> ServerMessage {
            switch mutator.roll(13) {
            case 0:
                return .cardState(CardState(
                    member: MemberID(string()), card: CardID(string()), phase: DragPhase.allCases[mutator.roll(4)],
                    x: number(), y: number(), rotation: number(), progress: number(),
                    direction: flag() ? SwipeDirection.allCases[mutator.roll(8)] : nil, serverTime: number(),
                    center: flag() ? Point(x: number(), y: number()) : nil, scale: flag() ? number() : nil))
            case 1: return .tally(tally())
            case 2: return .memberUpdated(member())
            case 3: return .memberJoined(member())
            case 4: return .memberLeft(MemberRef(member: MemberID(string())))
            case 5: return flag() ? .memberOnline(MemberRef(member: MemberID(string())))
                : .memberOffline(MemberRef(member: MemberID(string())))
            case 6: return .animation(animation())
            case 7:
                return .voteAccepted(VoteAccepted(card: CardID(string()), vote: flag() ? Vote.allCases[mutator.roll(3)] : nil,
                                                  seq: flag() ? integer() : nil, undone: flag(),
                                                  visible: flag() ? cards() : nil, remaining: flag() ? integer() : nil))
            case 8:
                return .cardResolved(CardResolved(card: CardID(string()), outcome: CardOutcome.allCases[mutator.roll(CardOutcome.allCases.count)],
                                                  tally: tally(), visible: cards(), remaining: integer(),
                                                  animations: flag() ? (0..<mutator.roll(6)).map { _ in animation() } : nil,
                                                  matched: flag() ? card() : nil))
            case 9: return .match(Match(card: card(), tally: tally()))
            case 10: return .phase(PhaseChanged(phase: RoomPhase.allCases[mutator.roll(RoomPhase.allCases.count)],
                                                deadline: flag() ? number() : nil))
            case 11: return .pong(Pong(t: number(), serverTime: number()))
            default: return .memberUpdated(member())
            }
        }
    }

    @Test func writerMatchesJSONEncoderOnRandomMessages() throws {
        var random = Random(mutator: MessageMutator(seed: 0x5EED))
        var written = 0
        var kinds: Set<String> = []
        for _ in 0..<30_000 {
            let message = random.hotMessage()
            let reference = try? Self.foundationBytes(message)
            guard let fast = HotJSONWriter.encode(message) else {
                #expect(reference == nil, "the hot writer refused a message JSONEncoder writes: \(message)")
                continue
            }
            written += 1
            kinds.insert(message.type)
            #expect(fast == reference, "\(String(decoding: fast, as: UTF8.self)) vs \(reference.map { String(decoding: $0, as: UTF8.self) } ?? "JSONEncoder refused")")
            if fast != reference { return }
        }
        #expect(written > 10_000, "the hot path should take most random messages, took \(written)")
        #expect(kinds.count == 13, "every covered kind was written: \(kinds.sorted())")
    }

    @Test func writerLeavesRareMessagesAndNonFiniteNumbersToJSONEncoder() {
        #expect(HotJSONWriter.encode(.roomClosed(RoomClosed(reason: "bye"))) == nil)
        #expect(HotJSONWriter.encode(.error(ProtocolError(.badJSON, "x"))) == nil)
        let state = ServerMessage.cardState(CardState(member: "m1", card: "c1", phase: .changed, x: .nan, y: 0, rotation: 0,
                                                      progress: 0, direction: nil, serverTime: 0))
        #expect(HotJSONWriter.encode(state) == nil)
        let escaped = ServerMessage.tally(Tally(card: "quote\"d\n", voted: 1, eligible: 2))
        #expect(HotJSONWriter.encode(escaped).map { String(decoding: $0, as: UTF8.self) }
            == #"{"card":"quote\"d\n","eligible":2,"likes":0,"nopes":0,"superLikes":0,"type":"tally","voted":1}"#)
    }

    @Test func wireCodecUsesTheHotPathForTheHotMessages() throws {
        let tally = ServerMessage.tally(Tally(card: "dune", likes: 2, voted: 2, eligible: 3))
        #expect(String(decoding: try WireCodec.encode(tally), as: UTF8.self)
            == #"{"card":"dune","eligible":3,"likes":2,"nopes":0,"superLikes":0,"type":"tally","voted":2}"#)
    }

    /// What clients send, in many shapes: key order, spacing, number spellings.
    static func clientText(_ random: inout Random) -> String {
        var pairs: [String]
        let number = { (r: inout Random) -> String in
            let spellings = ["0", "-0", "1", "-12", "84.5", "1e2", "1E+2", "-2.5e-3", "0.000001", "1e400", "01", "1.", ".5",
                             "+1", "NaN", "true", "null", "\"3\"", "123456789012345678901234567890"]
            return r.mutator.roll(3) == 0 ? spellings[r.mutator.roll(spellings.count)] : "\(r.number())"
        }
        if random.flag() {
            pairs = ["\"type\":\"drag\"", "\"card\":\"\(random.string().replacingOccurrences(of: "\"", with: "\\\""))\"",
                     "\"phase\":\"\(random.mutator.roll(6) == 0 ? "wiggle" : DragPhase.allCases[random.mutator.roll(4)].rawValue)\"",
                     "\"x\":\(number(&random))", "\"y\":\(number(&random))", "\"t\":\(number(&random))"]
        } else {
            pairs = ["\"type\":\"swipe\"", "\"card\":\"\(random.string().replacingOccurrences(of: "\"", with: "\\\""))\"",
                     "\"direction\":\"\(random.mutator.roll(9) == 0 ? "sideways" : SwipeDirection.allCases[random.mutator.roll(8)].rawValue)\""]
            if random.flag() { pairs.append("\"seq\":\(random.flag() ? String(random.mutator.roll(100)) : number(&random))") }
        }
        switch random.mutator.roll(6) {
        case 0: pairs.removeLast()
        case 1: pairs.append("\"extra\":1")
        case 2: pairs.append(pairs[1])
        default: break
        }
        for i in pairs.indices.reversed() where i > 0 {
            pairs.swapAt(i, random.mutator.roll(i + 1))
        }
        let space = [" ", "", "\n", "\t"][random.mutator.roll(4)]
        return "{" + space + pairs.joined(separator: "," + space) + space + "}"
    }

    @Test func readerAgreesWithJSONDecoderOnRandomClientMessages() {
        var random = Random(mutator: MessageMutator(seed: 0xD2A6))
        var taken = 0
        for _ in 0..<20_000 {
            let bytes = Array(Self.clientText(&random).utf8)
            guard let fast = HotJSONReader.decode(bytes) else { continue }
            taken += 1
            let reference = try? JSONDecoder().decode(ClientMessage.self, from: Data(bytes))
            #expect(fast == reference, "\(String(decoding: bytes, as: UTF8.self))")
            if fast != reference { return }
        }
        #expect(taken > 3_000, "the hot path should take the plain messages, took \(taken)")
    }

    /// The reader's fast number path gives the same double as a full parse, or leaves the number to it.
    @Test(arguments: ["0", "-0", "1", "-12", "84.5", "1e2", "1E+2", "-2.5e-3", "0.05", "0.000001", "123.456", "1e22", "1e23",
                      "9007199254740993", "123456789012345", "1234567890123456", "0.1", "3.14159265358979", "-0.0", "5e-324",
                      "1.7976931348623157e308", "299.99999999999994", "1e-22", "4.35", "0.30000000000000004"])
    func readerFastNumbersMatchAFullParse(_ text: String) {
        let full = Double(text)
        if let fast = HotJSONReader.Cursor.exactDouble(ArraySlice(Array(text.utf8))) {
            #expect(fast.bitPattern == full?.bitPattern, "\(text): \(fast) vs \(String(describing: full))")
        }
    }

    @Test func readerFastNumbersMatchAFullParseOnRandomDecimals() {
        var mutator = MessageMutator(seed: 0xF1A7)
        var fastCount = 0
        for _ in 0..<20_000 {
            let digits = String(mutator.next() % 1_000_000_000_000_000)
            let point = mutator.roll(digits.count + 1)
            var text = String(digits.prefix(point)) + (point < digits.count ? "." + digits.dropFirst(point) : "")
            if text.hasPrefix(".") { text = "0" + text }
            if mutator.roll(3) == 0 { text += "e\(mutator.roll(40) - 20)" }
            if mutator.roll(2) == 0 { text = "-" + text }
            guard let fast = HotJSONReader.Cursor.exactDouble(ArraySlice(Array(text.utf8))) else { continue }
            fastCount += 1
            #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
            if fast.bitPattern != Double(text)?.bitPattern { return }
        }
        #expect(fastCount > 5_000)
    }

    /// Numbers with at most six decimals (what the server rounds its own numbers to) are written
    /// without `description`; the digits must be the ones it gives, for every magnitude and sign.
    @Test func writerFewDecimalNumbersAreWhatDescriptionPrints() {
        var mutator = MessageMutator(seed: 0xDEC1)
        let edges: [Double] = [0.001, -0.001, 0.05, 0.1, 0.3, 0.30000000000000004, 1.5, 999_999_999.999999, 1e9 - 0.5,
                               1e9 + 0.5, 0.0009, 123.000001, 14.286, 0.2 + 0.1, 5120.4, -3.1416]
        var values = edges
        for _ in 0..<30_000 {
            let places = mutator.roll(7)
            let whole = Double(mutator.roll(2_000_000_000)) - 1e9
            values.append((whole + Double(mutator.roll(1_000_000)) / 1e6).rounded(toDecimals: places))
            values.append(Double(bitPattern: mutator.next()).rounded(toDecimals: places))
        }
        for value in values where value.isFinite {
            var json = JSONBytes()
            json.number(value)
            var expected = value.description
            if expected.hasSuffix(".0") { expected.removeLast(2) }
            #expect(String(decoding: json.out, as: UTF8.self) == expected, "\(value.bitPattern)")
            if String(decoding: json.out, as: UTF8.self) != expected { return }
        }
    }

    @Test func readerTakesWhatClientsEncode() throws {
        let messages: [ClientMessage] = [
            .drag(DragUpdate(card: "dune", phase: .changed, x: 84.5, y: -12, t: 10452.1)),
            .swipe(SwipeVote(card: "dune", direction: .upRight, seq: 4)),
            .swipe(SwipeVote(card: "c1", direction: .left)),
        ]
        for message in messages {
            #expect(HotJSONReader.decode(try WireCodec.encode(message)) == message)
        }
    }

    @Test func readerNeverAcceptsWhatJSONDecoderRejectsOrReadsDifferently() {
        var mutator = MessageMutator(seed: 0xBAD5)
        let corpus = WireCodecFuzzTests.clientCorpus
        for _ in 0..<30_000 {
            let bytes = mutator.mutate(corpus[mutator.roll(corpus.count)], other: corpus[mutator.roll(corpus.count)])
            guard let fast = HotJSONReader.decode(bytes) else { continue }
            let reference = try? JSONDecoder().decode(ClientMessage.self, from: Data(bytes))
            #expect(fast == reference, "\(bytes)")
            if fast != reference { return }
        }
    }
}
