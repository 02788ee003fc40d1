import Foundation

/// A local HTTP receiver for webhooks, on 127.0.0.1 and a free port: a small Python http.server
/// that answers each POST by `plan` (a status, or `hang`: read the request, never answer; the last
/// step repeats) and reports each request (its Idempotency-Key and body) as it arrives. Its lines
/// are read on a pipe handler thread and taken under `condition`.
final class WebhookReceiver: @unchecked Sendable {
    struct Request {
        var key: String
        var contentType: String
        var body: [String: Any]
        var event: String? { body["event"] as? String }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    private let process = Process()
    private let output = Pipe()
    private let condition = NSCondition()
    private var lines: [String] = []
    private var buffer = ""
    private(set) var port = 0

    static let script = #"""
import json, sys, threading, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
plan = sys.argv[1].split(",")
lock = threading.Lock()
count = [0]
class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace")
        with lock:
            index = count[0]
            count[0] += 1
        step = plan[min(index, len(plan) - 1)]
        print(json.dumps({"key": self.headers.get("Idempotency-Key") or "", "type": self.headers.get("Content-Type") or "",
                          "body": body}), flush=True)
        if step == "hang":
            time.sleep(120)
            return
        self.send_response(int(step))
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")
    def log_message(self, *args):
        pass
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print("port", server.server_address[1], flush=True)
server.serve_forever()
"""#

    /// `plan`: e.g. `["500", "200"]`, `["hang"]`, `["hang", "200"]`.
    init(plan: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, plan.joined(separator: ",")]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        handle.readabilityHandler = { [weak self] file in
            let data = file.availableData
            guard let self, !data.isEmpty else { return }
            self.condition.withLock {
                self.buffer += String(decoding: data, as: UTF8.self)
                while let newline = self.buffer.firstIndex(of: "\n") {
                    self.lines.append(String(self.buffer[..<newline]))
                    self.buffer.removeSubrange(...newline)
                }
                self.condition.broadcast()
            }
        }
        let deadline = Date().addingTimeInterval(20)
        let first: String? = condition.withLock {
            while lines.isEmpty { if !condition.wait(until: deadline) { return nil } }
            return lines.removeFirst()
        }
        guard let first, first.hasPrefix("port "), let port = Int(first.dropFirst(5)) else {
            process.terminate()
            throw Failure(description: "the webhook receiver did not start (python3 -c …)")
        }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)/hook" }

    /// The next request received, waiting at most `timeout` seconds for it.
    func next(timeout: Double = 20) -> Request? {
        let deadline = Date().addingTimeInterval(timeout)
        return condition.withLock {
            while lines.isEmpty { if !condition.wait(until: deadline) { return nil } }
            let line = lines.removeFirst()
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let text = object["body"] as? String,
                  let body = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { return nil }
            return Request(key: object["key"] as? String ?? "", contentType: object["type"] as? String ?? "", body: body)
        }
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { process.terminate() }
    }
}
