import SwipeProtocol

/// A host command waiting for the host's answer: a member to pick (kick) or a yes/no for a
/// destructive command (reveal, kick, close). Keys go to the prompt while it is open.
///
/// ```swift
/// HostPrompt.confirm(.reveal, member: nil).question(memberName: nil)
/// // "Reveal the results now and end voting for everyone?"
/// ```
public enum HostPrompt: Hashable, Sendable {
    /// Choosing whom to kick: `selected` indexes `kickCandidates`.
    case pickMember(selected: Int)
    /// y sends the command, anything else cancels.
    case confirm(HostAction, member: MemberID?)

    /// The yes/no question for a command.
    ///
    /// ```swift
    /// HostPrompt.confirm(.kick, member: "m3").question(memberName: "Cy")   // "Remove Cy from the room? The name cannot rejoin."
    /// HostPrompt.confirm(.accept, member: nil).question(memberName: nil, leader: "Pho")   // "Accept \"Pho\" as the group's choice?"
    /// ```
    public func question(memberName: String?, leader: String? = nil) -> String {
        switch self {
        case .pickMember: return "Remove whom from the room?"
        case let .confirm(action, _):
            switch action {
            case .reveal: return "Reveal the results now and end voting for everyone?"
            case .kick: return "Remove \(memberName ?? "this member") from the room? The name cannot rejoin."
            case .close: return "Close the room for everyone? It cannot be reopened."
            case .finalRound: return "Start a final round over the top cards, until one wins?"
            case .accept: return "Accept \(leader.map { "\"\($0)\"" } ?? "the leading card") as the group's choice?"
            case .start, .skip, .export, .lock, .unlock: return "Send \(action.rawValue)?"
            }
        }
    }
}
