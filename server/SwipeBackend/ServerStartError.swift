/// Why the server could not start (a store that cannot be opened or reached, a port in use).
///
/// ```swift
/// do { _ = try host.start() } catch { print(error) }   // "cannot listen on 127.0.0.1:80 …"
/// ```
public struct ServerStartError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}
