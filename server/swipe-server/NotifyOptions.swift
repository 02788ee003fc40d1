// swipe-server's webhook flags: which hosts a room's `notify` may name, the join line its `opened`
// event gives, and the first retry's delay. Main thread (parsing, before the service thread starts).
import ArgumentParser
import SwipeNotify

/// `--notify-allow`, `--public-url`, `--notify-retry`.
struct NotifyOptions: ParsableArguments {
    @Option(name: .customLong("notify-allow"), help: "Hosts a room's webhook (swipe create --notify URL) may name, comma-separated, any port on them (repeatable), e.g. hooks.slack.com,discord.com. Default: none, and every notify is refused.")
    var notifyAllow: [String] = []

    @Option(name: .customLong("public-url"), help: "The server as members reach it, e.g. wss://swipe.example.org, for the swipe join line a room's webhook sends (default: ws://HOST:PORT listened on, unless HOST is 0.0.0.0 or ::).")
    var publicURL: String?

    @Option(name: .customLong("notify-retry"), help: "Seconds \(SecondsFlag.orSpan) before a failed webhook is tried again; doubled each time up to an hour, for 24 h from the first attempt.", transform: SecondsFlag.parse)
    var notifyRetry: Double = 10

    /// The webhook settings from the flags.
    func settings() throws -> NotifySettings {
        var settings = NotifySettings()
        do {
            settings.allowList = try NotifyAllowList(parsing: notifyAllow)
        } catch {
            throw ValidationError(error.description)
        }
        if let publicURL {
            let lower = publicURL.lowercased()
            guard lower.hasPrefix("ws://") || lower.hasPrefix("wss://"), publicURL.count <= 200,
                  publicURL.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
                throw ValidationError("--public-url must be ws://HOST[:PORT] or wss://HOST[:PORT], as members reach the server (got \"\(publicURL)\")")
            }
            settings.joinServer = publicURL
        }
        guard notifyRetry > 0, notifyRetry <= 3600 else {
            throw ValidationError("--notify-retry must be between 0 and 3600 seconds (got \(notifyRetry))")
        }
        settings.policy.firstRetry = notifyRetry
        return settings
    }
}
