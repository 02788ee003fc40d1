// A blocking HTTP GET for `swipe-server export`. Runs on the main thread; URLSession's delegate
// queue finishes the request and a semaphore hands the answer back.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum HTTPGet {
    struct Failure: Error, CustomStringConvertible { var description: String }

    final class Box: @unchecked Sendable {
        var result: Result<(Int, Data), Error> = .failure(Failure(description: "no answer"))
    }

    static func fetch(_ url: URL) throws -> (status: Int, body: Data) {
        let done = DispatchSemaphore(value: 0)
        let box = Box()
        let task = URLSession.shared.dataTask(with: url) { data, response, error in
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
