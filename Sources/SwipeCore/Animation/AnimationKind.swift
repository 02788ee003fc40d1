/// What an animation shows happening to a card, named after the source documents' moves.
///
/// ```swift
/// AnimationKind.flyOff.rawValue   // "flyOff"
/// ```
public enum AnimationKind: String, CaseIterable, Hashable, Sendable, Codable {
    /// The swiped card leaves: 0.2 s to centre + translation + (±200, +75), alpha → 0.
    case flyOff
    /// A released card that did not pass the threshold returns: 0.2 s to identity.
    case snapBack
    /// A remaining card moves to its new index frame after a swipe (0.2 s).
    case reflow
    /// A new card "collects itself from the background": scale 3.5 → 1 with a bounce.
    case appear
    /// Koloda v2's background card arrives with a spring (bounciness 9, speed 16), fading in.
    case backgroundArrival
    /// An undone card returns from where it flew off.
    case revert
}
