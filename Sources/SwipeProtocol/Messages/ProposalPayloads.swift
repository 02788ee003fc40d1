import SwipeCore

/// `propose` (protocol 4): add an option to the room's deck while it is in the lobby. The title is
/// one line, the body optional; both are cleaned like deck text. A title the deck or another
/// proposal already has (ignoring case and spacing) is refused with `duplicateOption`.
///
/// ```json
/// {"type":"propose","title":"Pho","body":"Vietnamese noodle soup"}
/// ```
public struct ProposeOption: Hashable, Sendable, Codable {
    public var title: String
    public var body: String?

    public init(title: String, body: String? = nil) {
        self.title = title
        self.body = body
    }
}

/// `withdraw` (protocol 4): take a proposal back out of the lobby: your own, or any as the host.
///
/// ```json
/// {"type":"withdraw","proposal":"p2"}
/// ```
public struct WithdrawProposal: Hashable, Sendable, Codable {
    public var proposal: String

    public init(proposal: String) { self.proposal = proposal }
}

/// `proposalAdded` (protocol 4): an option proposed in the lobby, with who proposed it. Everyone in
/// the room gets it, the proposer too (that is their acknowledgement). `start` turns every
/// proposal still there into a card at the end of the deck.
///
/// ```json
/// {"type":"proposalAdded","id":"p1","title":"Pho","body":"Vietnamese noodle soup","by":"m2","byName":"Bo"}
/// ```
public struct Proposal: Hashable, Sendable, Codable {
    /// The room's number for it: `p1`, `p2`, … in the order proposed.
    public var id: String
    public var title: String
    public var body: String
    /// The member who proposed it, and their name then.
    public var by: MemberID
    public var byName: String

    public init(id: String, title: String, body: String = "", by: MemberID, byName: String) {
        self.id = id
        self.title = title
        self.body = body
        self.by = by
        self.byName = byName
    }
}

/// `proposalRemoved` (protocol 4): a proposal left the lobby, withdrawn by its author or removed
/// by the host (`by` says who).
///
/// ```json
/// {"type":"proposalRemoved","id":"p1","by":"m1"}
/// ```
public struct ProposalRemoved: Hashable, Sendable, Codable {
    public var id: String
    public var by: MemberID

    public init(id: String, by: MemberID) {
        self.id = id
        self.by = by
    }
}
