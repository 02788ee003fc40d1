import Foundation
import SwipeCore
import Testing
import SwipeProtocol

/// Bytes made from valid messages by flipping, cutting, splicing and inserting (seeded, reproducible).
struct MessageMutator {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// SwipeCore's SplitMix64.
    mutating func next() -> UInt64 { generator.next() }

    mutating func roll(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    static let interesting: [[UInt8]] = [
        Array("null".utf8), Array("-1".utf8), Array("1e309".utf8), Array("\"\"".utf8), Array("[]".utf8), Array("{}".utf8),
        Array("9223372036854775808".utf8), Array("\"\u{1B}[2J\"".utf8), Array("\"\\u0000\"".utf8), [0xFF, 0xFE], [0xC3],
        Array("\"type\"".utf8), Array(",".utf8), Array("}".utf8), Array("{\"".utf8), Array(String(repeating: "[", count: 600).utf8),
    ]

    /// One to four mutations of `bytes`, sometimes spliced with `other`.
    mutating func mutate(_ bytes: [UInt8], other: [UInt8]) -> [UInt8] {
        var out = bytes
        for _ in 0...roll(4) {
            switch roll(7) {
            case 0 where !out.isEmpty: out[roll(out.count)] ^= UInt8(truncatingIfNeeded: 1 << roll(8))
            case 1 where !out.isEmpty: out.removeSubrange(roll(out.count)..<out.count)
            case 2: out.insert(UInt8(truncatingIfNeeded: next()), at: roll(out.count + 1))
            case 3: out.insert(contentsOf: Self.interesting[roll(Self.interesting.count)], at: roll(out.count + 1))
            case 4 where !out.isEmpty && !other.isEmpty:
                out = Array(out.prefix(roll(out.count))) + Array(other.suffix(roll(other.count)))
            case 5 where out.count > 1:
                let a = roll(out.count), b = roll(out.count)
                out.swapAt(a, b)
            default: out = (0..<roll(64)).map { _ in UInt8(truncatingIfNeeded: next()) }
            }
        }
        return out
    }
}

@Suite struct WireCodecFuzzTests {
    static let clientCorpus = [
        #"{"type":"create","name":"Ann","deck":"movies","rule":{"kind":"majority"},"pacing":"lockstep","timerSeconds":30}"#,
        #"{"type":"create","name":"Ann","deck":"Friday","rule":{"kind":"atLeast","likes":2},"pacing":"free","cards":[{"id":"pho","title":"Phở"},{"id":"tacos","title":"Tacos","body":"Al pastor","tags":["mexican"]}]}"#,
        #"{"type":"join","room":"K7QM-X4TD-9R","name":"Bo","role":"member"}"#,
        #"{"type":"join","room":"k7qm-x4td-9r","name":"Bo","token":"0d125e05b916193e20c1a5930a598edb"}"#,
        #"{"type":"drag","card":"dune","phase":"changed","x":84.5,"y":-12,"t":10452.1}"#,
        #"{"type":"swipe","card":"dune","direction":"right","seq":4}"#,
        #"{"type":"undo","seq":5}"#, #"{"type":"undo","card":"dune"}"#,
        #"{"type":"host","command":"start"}"#, #"{"type":"host","command":"kick","member":"m3"}"#,
        #"{"type":"results"}"#, #"{"type":"ping","t":10452.1}"#,
    ].map { Array($0.utf8) }

    /// 40,000 mutated messages: the decoder never crashes or hangs, every failure is a named
    /// protocol error, and whatever decodes survives an encode/decode round trip unchanged.
    @Test func mutatedClientMessagesDecodeOrFailCleanly() throws {
        var mutator = MessageMutator(seed: 0x5EED)
        var decoded = 0
        for _ in 0..<40_000 {
            let base = Self.clientCorpus[mutator.roll(Self.clientCorpus.count)]
            let other = Self.clientCorpus[mutator.roll(Self.clientCorpus.count)]
            let bytes = mutator.mutate(base, other: other)
            switch WireCodec.decodeClient(bytes) {
            case let .success(message):
                decoded += 1
                let again = try WireCodec.encode(message)
                #expect(WireCodec.decodeClient(again) == .success(message))
            case let .failure(error):
                #expect(!error.message.isEmpty)
            }
        }
        #expect(decoded > 1_000)   // the mutations reach past the JSON parser
    }

    @Test func mutatedServerMessagesNeverCrashTheClientDecoder() {
        let corpus = [
            #"{"type":"tally","card":"dune","likes":1,"nopes":0,"superLikes":1,"voted":2,"eligible":3}"#,
            #"{"type":"voteAccepted","card":"pho","seq":2,"undone":true,"visible":[{"id":"pho","title":"Phở"}],"remaining":2}"#,
            #"{"type":"error","code":"unknownCard","message":"swipe: no card"}"#,
            #"{"type":"phase","phase":"voting","deadline":31238.6}"#,
        ].map { Array($0.utf8) }
        var mutator = MessageMutator(seed: 99)
        var failures = 0
        for _ in 0..<10_000 {
            let bytes = mutator.mutate(corpus[mutator.roll(corpus.count)], other: corpus[mutator.roll(corpus.count)])
            if case .failure = WireCodec.decodeServer(bytes) { failures += 1 }
        }
        #expect(failures > 0 && failures < 10_000)
    }
}
