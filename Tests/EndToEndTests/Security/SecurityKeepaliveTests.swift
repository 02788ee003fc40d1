import Foundation
import Testing
import SwipeClient
import SwipeProtocol

/// Liveness: a half-open connection (it never answers the server's pings) is closed and its member
/// is shown offline; a lockstep card then waits for them only for the drop grace, and resolves
/// without them after it.
@Suite struct SecurityKeepaliveTests {
    /// Under both event loops: lws's keepalive timers must fire with the libev loop too.
    @Test(arguments: ["epoll", "poll"])
    func aSilentPeerIsClosedShownOfflineAndWaitedForOnlyTheDropGrace(eventLoop: String) throws {
        let server = try ServerProcess(arguments: ["--ping-interval", "1", "--idle-timeout", "3", "--drop-grace", "1",
                                                   "--event-loop", eventLoop])
        let ann = try BlockingWebSocket(url: try WebSocketURL(parsing: server.url), timeout: 10)
        ann.send(.create(CreateRoom(name: "Ann", deck: "movies", rule: .majority, pacing: .lockstep)))
        guard case let .welcome(welcome)? = ann.receive(until: { $0.type == "welcome" }, timeout: 10) else {
            Issue.record("no welcome")
            return
        }
        // The silent peer joins, then never reads again (so never answers a ping).
        let silent = try ServerRawSocket(port: server.port, timeout: 10)
        _ = try silent.upgrade(path: "/")
        silent.sendText(#"{"type":"join","room":"\#(welcome.room.code)","name":"Ghost"}"#)
        #expect(ann.receive(until: { $0.type == "memberJoined" }, timeout: 10) != nil)
        ann.send(.host(HostCommand(command: .start)))
        ann.send(.swipe(SwipeVote(card: "dune", direction: .right, seq: 1)))
        // Within the idle timeout (polled with a generous deadline) Ghost goes offline …
        let offline = ann.receive(until: { $0 == .memberOffline(MemberRef(member: "m2")) }, timeout: 30)
        #expect(offline != nil)
        // … and the card waits for them no longer than the drop grace: Ann's vote decides it.
        let resolved = ann.receive(until: { $0.type == "cardResolved" }, timeout: 10)
        guard case let .cardResolved(card)? = resolved else { Issue.record("the card waited past the drop grace"); return }
        #expect(card.card == "dune" && card.outcome == .match)
        #expect(card.tally.eligible == 1, "Ghost counts as gone once the grace ended")
        #expect(server.terminate() == 0)
    }
}
