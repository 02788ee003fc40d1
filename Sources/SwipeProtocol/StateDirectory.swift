/// Where SwipeDeck keeps state on a machine, for the server (its room log) and the client (the
/// memberships it can resume) alike: `$XDG_STATE_HOME/swipedeck`, else `~/.local/state/swipedeck`.
/// Pure: the caller passes the environment.
///
/// ```swift
/// StateDirectory.path(environment: ["HOME": "/home/ann"])   // "/home/ann/.local/state/swipedeck"
/// StateDirectory.path(environment: [:])                     // nil: no home to put it in
/// ```
public enum StateDirectory {
    public static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/swipedeck" }
        return environment["HOME"].flatMap { path(home: $0) }
    }

    /// The same, with `fallbackHome` (e.g. the account's home) when `HOME` is not an absolute path.
    public static func path(environment: [String: String], fallbackHome: String) -> String {
        path(environment: environment) ?? path(home: fallbackHome) ?? fallbackHome + "/swipedeck"
    }

    private static func path(home: String) -> String? {
        home.hasPrefix("/") ? home + "/.local/state/swipedeck" : nil
    }
}
