import SwipeStore

/// One POST for the sender to make.
///
/// ```swift
/// WebhookRequest(key: "swipedeck-R-opened", url: "https://hooks.example/x", body: body, attempt: 1)
/// ```
public struct WebhookRequest: Hashable, Sendable {
    public var key: String
    public var url: String
    public var body: [UInt8]
    public var attempt: Int

    public init(key: String, url: String, body: [UInt8], attempt: Int) {
        self.key = key
        self.url = url
        self.body = body
        self.attempt = attempt
    }
}

/// How one POST ended.
///
/// ```swift
/// WebhookOutcome.status(204)                         // the receiver answered
/// WebhookOutcome.failed("timed out after 10 s")      // no answer
/// ```
public enum WebhookOutcome: Hashable, Sendable {
    /// The receiver answered with this HTTP status.
    case status(Int)
    /// No answer: could not connect, TLS refused, timed out, or the request was refused here.
    case failed(String)
}

/// What the outbox asks its shell to do.
///
/// ```swift
/// for effect in outbox.due(at: now) {
///     switch effect {
///     case let .save(record): try store.saveWebhook(record)
///     case let .send(request): sender.submit(request)
///     case let .log(line): logger.info("\(line)")
///     }
/// }
/// ```
public enum WebhookEffect: Hashable, Sendable {
    /// Keep this record (replacing the one with its key) before going on.
    case save(WebhookRecord)
    /// Hand this request to the sender.
    case send(WebhookRequest)
    /// Say this in the server's log.
    case log(String)
}
