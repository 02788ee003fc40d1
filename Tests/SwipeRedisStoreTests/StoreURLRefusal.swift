import Testing

/// Expects `parse` to refuse `text` with an error whose text contains `expected` (the `--store`
/// URL tables of RedisURLTests and SentinelURLTests).
///
/// ```swift
/// expectRefused("redis://host:0", containing: "port must be", by: RedisURL.init(parsing:))
/// ```
func expectRefused<Parsed>(_ text: String, containing expected: String, by parse: (String) throws -> Parsed,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try parse(text)
        Issue.record("\(text) was accepted", sourceLocation: sourceLocation)
    } catch {
        #expect("\(error)".contains(expected), "\(error)", sourceLocation: sourceLocation)
    }
}
