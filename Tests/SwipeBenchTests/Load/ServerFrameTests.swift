import SwipeProtocol
import Testing
@testable import swipe_bench

@Suite struct ServerFrameTests {
    @Test(arguments: [
        (#"{"card":"c1","eligible":3,"likes":1,"nopes":0,"superLikes":0,"type":"tally","voted":1}"#, ServerFrame.tally(card: "c1", voted: 1)),
        (#"{"card":"c1","member":"m1","phase":"changed","progress":0,"rotation":0,"serverTime":1,"type":"cardState","x":12.5,"y":0}"#, .cardState(x: 12.5)),
        // The server's real shape: nested "center" has its own "x", which must not be taken for the translation.
        (#"{"card":"c1","center":{"x":234.5,"y":188},"direction":"right","member":"m1","phase":"changed","progress":0.5,"rotation":0.1,"scale":0.94,"serverTime":1,"type":"cardState","x":84.5,"y":-12}"#, .cardState(x: 84.5)),
        (#"{"message":"a \"type\":\"tally\" in a string","type":"error","code":"other"}"#, .error(code: "other", message: "a \"type\":\"tally\" in a string")),
        (#"{"type":"phase","phase":"voting"}"#, .phase("voting")),
        (#"{"type":"error","code":"notCurrentCard","message":"swipe: no"}"#, .error(code: "notCurrentCard", message: "swipe: no")),
        (#"{"type":"pong","t":1,"serverTime":2}"#, .other("pong")),
    ])
    func classifies(json: String, expected: ServerFrame) {
        #expect(ServerFrame.classify(Array(json.utf8), validate: false) == expected)
        #expect(ServerFrame.classify(Array(json.utf8), validate: true) == expected)
    }

    @Test func reportsUndecodableFrames() {
        guard case .undecodable(let why) = ServerFrame.classify(Array("nope".utf8), validate: false) else {
            Issue.record("expected undecodable")
            return
        }
        #expect(why.contains("not valid JSON"))
    }
}
