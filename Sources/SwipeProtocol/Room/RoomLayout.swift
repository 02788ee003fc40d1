import SwipeCore

/// How every screen in a room stacks its cards, chosen when the room is created and carried in
/// `welcome`, so all members see the same stack: the tutorial's inset stack (seed 000), or
/// Koloda's background card that arrives with a spring (seed 001).
///
/// ```swift
/// RoomLayout(rawValue: "koloda")?.style   // .kolodaBackground
/// RoomLayout.stack.style.defaultVisibleCount   // 3
/// ```
public enum RoomLayout: String, CaseIterable, Hashable, Sendable, Codable {
    /// Seed 000's stacked insets: three cards, each one inset below the one in front.
    case stack
    /// Seed 001's Koloda v2 layout: one wide background card behind the top card, arriving with POP's spring.
    case koloda

    /// SwipeCore's layout for it.
    public var style: LayoutStyle {
        switch self {
        case .stack: return .stackedInsets
        case .koloda: return .kolodaBackground
        }
    }
}
