// One HTTP GET for a command (`swipe decks`, `swipe results`): the answer, or status 3 said on
// standard error when no answer came. Main thread; blocks on the request.
import ArgumentParser
import Foundation
import SwipeClient
import SwipeHTTPClient

/// GET `path` on the server `server` speaks HTTP on; no answer at all ends the command with 3.
///
/// ```swift
/// let answer = try fetchOrExit(server: url, path: "/decks", address: address)
/// ```
func fetchOrExit(server: WebSocketURL, path: String, address: String) throws -> (url: URL, status: Int, body: Data) {
    guard let url = URL(string: server.httpBase + path) else {
        throw ValidationError("cannot make an HTTP address from \"\(address)\"")
    }
    do {
        let answer = try HTTPGet.fetch(url)
        return (url, answer.status, answer.body)
    } catch {
        throw commandFailure("\(error)", status: 3)
    }
}
