import Testing
@testable import SwipeClient

/// What the SSH gateway makes of a member's ssh command line.
@Suite struct GatewayRequestTests {
    @Test func theCommands() {
        #expect(GatewayRequest.parse(nil) == .success(.menu))
        #expect(GatewayRequest.parse("  ") == .success(.menu))
        #expect(GatewayRequest.parse("k7qm-x4td-9r") == .success(.join(code: "K7QM-X4TD-9R", arguments: [])))
        #expect(GatewayRequest.parse("join K7QM --name 'Ann B'") == .success(.join(code: "K7QM", arguments: ["--name", "Ann B"])))
        #expect(GatewayRequest.parse("create --deck movies --name Ann") == .success(.create(arguments: ["--deck", "movies", "--name", "Ann"])))
        #expect(GatewayRequest.parse("decks") == .success(.decks))
        #expect(GatewayRequest.parse("help") == .success(.help))
        #expect(GatewayRequest.parse("rooms") == .success(.rooms))
        #expect(GatewayRequest.parse("results k7qm-x4td-9r") == .success(.results(code: "K7QM-X4TD-9R")))
    }

    @Test(arguments: ["/bin/sh", "id; sh", "$(id)", "join", "join --name x", "decks x", "join ../../etc", "rooms x", "results", "results ../x", "results A B"])
    func anythingElseIsRefusedWithOneLine(_ line: String) {
        guard case let .failure(problem) = GatewayRequest.parse(line) else {
            Issue.record("\(line) was taken")
            return
        }
        #expect(!problem.description.contains("\n"))
    }

    @Test func anUnclosedQuoteIsRefused() {
        #expect(throws: GatewayRequestError.self) { try GatewayRequest.parse("join K7QM --name 'Ann").get() }
    }

    @Test(arguments: [["--deck", "/etc/passwd"], ["--deck=-"], ["--deck", "x.txt"], ["--deck", "./movies"], ["--deck", "movies", "--deck-format", "text"]])
    func aDeckFromTheGatewaysFilesIsRefused(_ arguments: [String]) {
        #expect(GatewayRequest.refusal(forCreate: arguments)?.contains("not read over ssh") == true)
    }

    @Test func aServerDeckIsFine() {
        #expect(GatewayRequest.refusal(forCreate: ["--deck", "movies", "--name", "Ann"]) == nil)
        #expect(GatewayRequest.refusal(forCreate: ["--name", "Ann"]) == nil)
    }

    @Test func shellWordsKeepQuotesAndEscapesLiteral() {
        #expect(ShellWords.split(#"a "b c" d\ e 'f"g'"#) == .success(["a", "b c", "d e", "f\"g"]))
        #expect(ShellWords.split("''") == .success([""]))
    }
}
