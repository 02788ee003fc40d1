/// SwipeDeck's version: the one place it is written. `swipe --version`, `swipe-server --version`,
/// `/healthz` and the Debian package (`scripts/package.sh` asks the built `swipe-server`) all show it.
///
/// ```swift
/// SwipeDeckVersion.current   // "0.1.0"
/// ```
public enum SwipeDeckVersion {
    /// Semantic version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
