import Testing
@testable import SwipeProtocol

/// Which version each client message needs, and the refusal an older connection gets.
@Suite struct ClientMessageVersionsTests {
    /// (the message, the version that introduced it)
    static let table: [(ClientMessage, Int)] = [
        (.propose(ProposeOption(title: "Pho")), 4),
        (.withdraw(WithdrawProposal(proposal: "p1")), 4),
        (.host(HostCommand(command: .finalRound)), 4),
        (.host(HostCommand(command: .accept)), 4),
        (.host(HostCommand(command: .lock)), 4),
        (.host(HostCommand(command: .unlock)), 4),
        (.host(HostCommand(command: .reveal)), 1),
        (.host(HostCommand(command: .kick, member: "m2")), 1),
        (.swipe(SwipeVote(card: "dune", direction: .right)), 1),
        (.results, 1),
        (.ping(Ping(t: 1)), 1),
    ]

    @Test(arguments: table.indices)
    func eachMessageNamesTheVersionItNeeds(_ index: Int) {
        let (message, version) = Self.table[index]
        #expect(message.introducedIn == version)
        for speaking in 1...ProtocolVersion.current {
            let refusal = message.refusal(forProtocol: speaking)
            #expect((refusal == nil) == (speaking >= version), "\(message.type) from protocol \(speaking)")
            if let refusal {
                #expect(refusal.code == .notAllowed)
                #expect(refusal.message.hasSuffix("needs protocol \(version) (subprotocol swipedeck.v\(version)); this connection speaks protocol \(speaking)"))
            }
        }
    }

    @Test func aHostCommandIsNamedWithItsCommand() {
        let refusal = ClientMessage.host(HostCommand(command: .accept)).refusal(forProtocol: 2)
        #expect(refusal?.message.hasPrefix("host accept: needs protocol 4") == true)
    }
}
