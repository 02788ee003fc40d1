import Foundation
import SwipeCore
import Testing
import SwipeProtocol

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
                              "slash/ok", "\u{2028}", "\u{7F}", "~"]

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

        mutating func hotMessage() -> ServerMessage {
            switch mutator.roll(3) {
            case 0:
                return .cardState(CardState(
                    member: MemberID(string()), card: CardID(string()), phase: DragPhase.allCases[mutator.roll(4)],
                    x: number(), y: number(), rotation: number(), progress: number(),
                    direction: flag() ? SwipeDirection.allCases[mutator.roll(8)] : nil, serverTime: number(),
                    center: flag() ? Point(x: number(), y: number()) : nil, scale: flag() ? number() : nil))
            case 1:
                let tally = Tally(card: CardID(string()), likes: integer(), nopes: integer(), superLikes: integer(),
                                  voted: integer(), eligible: integer())
                guard flag() else { return .tally(tally) }
                return .tally(tally.followingVote(of: MemberInfo(id: MemberID(string()), name: "x", role: .member, online: true,
                                                                 votedCurrent: flag(), votesCast: integer())))
            default:
                return .memberUpdated(MemberInfo(id: MemberID(string()), name: string(), role: flag() ? .host : .member,
                                                 online: flag(), votedCurrent: flag(), votesCast: integer()))
            }
        }
    }

    @Test func writerMatchesJSONEncoderOnRandomMessages() throws {
        var random = Random(mutator: MessageMutator(seed: 0x5EED))
        var written = 0
        for _ in 0..<20_000 {
            let message = random.hotMessage()
            let reference = try? Self.foundationBytes(message)
            guard let fast = HotJSONWriter.encode(message) else { continue }
            written += 1
            #expect(fast == reference, "\(String(decoding: fast, as: UTF8.self)) vs \(reference.map { String(decoding: $0, as: UTF8.self) } ?? "JSONEncoder refused")")
            if fast != reference { return }
        }
        #expect(written > 5_000, "the hot path should take most random messages, took \(written)")
    }

    @Test func writerLeavesEscapesAndOtherMessagesToJSONEncoder() {
        let escaped = ServerMessage.tally(Tally(card: "quote\"d", voted: 1, eligible: 2))
        #expect(HotJSONWriter.encode(escaped) == nil)
        #expect(HotJSONWriter.encode(.pong(Pong(t: 1, serverTime: 2))) == nil)
        let state = ServerMessage.cardState(CardState(member: "m1", card: "c1", phase: .changed, x: .nan, y: 0, rotation: 0,
                                                      progress: 0, direction: nil, serverTime: 0))
        #expect(HotJSONWriter.encode(state) == nil)
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
