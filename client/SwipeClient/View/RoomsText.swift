import SwipeProtocol

/// `swipe rooms`: one line per room this machine has joined, with what its server says of it now.
///
/// ```swift
/// RoomsText.line(room: "K7QM-X4TD-9R", server: "ws://h:7681", name: "Bo", state: .answered(results), now: wallNow, utcOffsetSeconds: 0)
/// // "K7QM-X4TD-9R  open until 12:00 (2 h 14 m left) · Bo 12/30   swipe join ws://h:7681/K7QM-X4TD-9R --name Bo"
/// ```
public enum RoomsText {
    /// What the room's server answered.
    public enum State: Hashable, Sendable {
        case answered(Results)
        /// The server does not know the room (forgotten, or never there).
        case gone
        /// No answer (the server is down or unreachable): what was wrong.
        case unreachable(String)
    }

    public static func line(room: String, server: String, name: String, state: State, now: Double, utcOffsetSeconds: Int) -> String {
        let status: String
        switch state {
        case let .answered(results):
            if results.sealed == true, let closing = results.closesAt.flatMap(UTCTimestamp.init(iso8601:)) {
                let text = ClosingTimeText.lines(closesAt: closing, now: now, utcOffsetSeconds: utcOffsetSeconds)
                let mine = results.progress?[name].map { " · \(TextMetrics.clean(name)) " + ClosingTimeText.progress(votesCast: $0, of: results.cards ?? 0) } ?? ""
                status = "\(text.until) (\(text.left))\(mine)"
            } else if let winner = results.winner, let row = results.ranking.first(where: { $0.card == winner }) {
                status = "decided → \(TextMetrics.clean(row.title))"
            } else {
                status = results.final ? "voting done, no winner yet" : "voting"
            }
        case .gone: status = "gone from its server"
        case let .unreachable(why): status = "server not answering (\(why))"
        }
        return "\(room)  \(status)   swipe join \(server)/\(room) --name \(ShellQuote.word(name))"
    }
}

/// A word as a POSIX shell reads it back: bare when safe, else in single quotes.
enum ShellQuote {
    static func word(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_.".unicodeScalars.contains($0)) }
        return safe ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
