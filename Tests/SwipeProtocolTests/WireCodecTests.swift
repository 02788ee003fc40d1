import Testing
import SwipeCore
@testable import SwipeProtocol

@Suite struct WireCodecTests {
    static let clientMessages: [ClientMessage] = [
        .create(CreateRoom(name: "Ann", deck: "movies", rule: .atLeast(likes: 2), pacing: .lockstep, timerSeconds: 30)),
        .join(JoinRoom(room: "K7QM-X4TD", name: "Bo", role: .member, token: "t")),
        .drag(DragUpdate(card: "dune", phase: .changed, x: 84.5, y: -12, t: 1045.25)),
        .swipe(SwipeVote(card: "dune", direction: .upRight, seq: 4)),
        .undo(UndoVote(seq: 5)),
        .host(HostCommand(command: .kick, member: "m3")),
        .results,
        .ping(Ping(t: 1)),
    ]

    @Test(arguments: clientMessages)
    func clientMessagesRoundTrip(_ message: ClientMessage) throws {
        let bytes = try WireCodec.encode(message)
        #expect(try WireCodec.decodeClient(bytes).get() == message)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"type\":\"\(message.type)\""))
    }

    @Test func serverMessagesRoundTrip() throws {
        let tally = Tally(card: "c1", likes: 2, nopes: 1, superLikes: 1, voted: 4, eligible: 4)
        let messages: [ServerMessage] = [
            .tally(tally),
            .animation(CardAnimation(card: "c1", kind: .flyOff, from: .identity,
                                     to: CardTransform(translation: Point(x: 200, y: 75), alpha: 0),
                                     curve: .kolodaBackgroundSpring, duration: 0.2, startAt: 5)),
            .error(ProtocolError(.unknownCard, "no card")),
            .memberOffline(MemberRef(member: "m2")),
        ]
        for message in messages {
            #expect(try WireCodec.decodeServer(WireCodec.encode(message)).get() == message)
        }
    }

    /// A resume needs only the room and the token: the name it had is kept.
    @Test func aResumeNeedsNoName() throws {
        let decoded = try WireCodec.decodeClient(Array(#"{"type":"join","room":"K7QM-X4TD-9R","token":"t0"}"#.utf8)).get()
        #expect(decoded == .join(JoinRoom(room: "K7QM-X4TD-9R", name: "", token: "t0")))
    }

    /// Bad input, each with the error code and a message naming what was wrong.
    @Test(arguments: [
        ("{", ErrorCode.badJSON, "not valid JSON"),
        ("[1,2]", .badJSON, "JSON object"),
        ("{}", .missingField, "\"type\""),
        (#"{"type":7}"#, .badField, "\"type\" must be a string"),
        (#"{"type":"fly"}"#, .unknownType, "unknown message type \"fly\""),
        (#"{"type":"swipe","direction":"right"}"#, .missingField, "swipe: field \"card\" is missing"),
        (#"{"type":"swipe","card":"c","direction":"sideways"}"#, .badField, "swipe: field \"direction\""),
        (#"{"type":"drag","card":"c","phase":"changed","x":"far","y":0,"t":0}"#, .badField, "field \"x\" should be a number"),
        (#"{"type":"create","name":"A","rule":{"kind":"atLeast","likes":0}}"#, .badField, "likes must be at least 1"),
        (#"{"type":"join","room":"K7QM-X4TD-9R"}"#, .missingField, "join: field \"name\" is missing"),
    ])
    func badInputIsNamed(_ text: String, _ code: ErrorCode, _ fragment: String) {
        switch WireCodec.decodeClient(Array(text.utf8)) {
        case .success(let message): Issue.record("decoded \(message) from \(text)")
        case .failure(let error):
            #expect(error.code == code, "\(text) → \(error.message)")
            #expect(error.message.contains(fragment), "\(text) → \(error.message)")
        }
    }
}
