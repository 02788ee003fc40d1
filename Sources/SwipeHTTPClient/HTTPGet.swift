// Shell: a blocking HTTP GET for the command-line tools (`swipe decks`, `swipe-server export`).
// Runs on the calling thread (the main thread in both tools), which it blocks until the answer;
// URLSession's delegate queue finishes the request and a semaphore hands the answer back. Touches
// nothing but the network.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One blocking HTTP GET, for command-line tools that ask a running server one thing and exit.
///
/// ```swift
/// let (status, body) = try HTTPGet.fetch(URL(string: "http://127.0.0.1:7681/decks")!)
/// ```
public enum HTTPGet {
    /// The request could not be made or answered: the text says what and where.
    ///
    /// ```swift
    /// HTTPGet.Failure(description: "http://127.0.0.1:9/decks: Could not connect to the server.")
    /// ```
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    final class Box: @unchecked Sendable {
        var result: Result<(Int, Data), Error> = .failure(Failure(description: "no answer"))
    }

    /// Fetches `url`, waiting at most `timeout` seconds; returns the status and the body whatever
    /// the status, and throws `Failure` only when no answer came.
    ///
    /// ```swift
    /// let (status, body) = try HTTPGet.fetch(url)
    /// if status != 200 { print(String(decoding: body, as: UTF8.self)) }
    /// ```
    public static func fetch(_ url: URL, timeout: TimeInterval = 10) throws -> (status: Int, body: Data) {
        let done = DispatchSemaphore(value: 0)
        let box = Box()
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                box.result = .failure(Failure(description: "\(url): \(error.localizedDescription)"))
            } else {
                box.result = .success(((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data()))
            }
            done.signal()
        }
        task.resume()
        done.wait()
        return try box.result.get()
    }
}
