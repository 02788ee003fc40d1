import Foundation

/// What a server said when it answered a WebSocket upgrade with an HTTP error instead of 101: the
/// status, and from a SwipeDeck server the JSON body's error code and message. A value read out of
/// the raw answer's bytes; `ConnectDiagnosis.refusal(of:)` fetches them.
///
/// ```swift
/// let bytes = Array("HTTP/1.1 429 Too Many Requests\r\nContent-Length: 45\r\n\r\n{\"code\":\"rateLimited\",\"message\":\"too many\"}".utf8)
/// HandshakeRefusal.parse(bytes)?.description   // "too many (429)"
/// ```
public struct HandshakeRefusal: Hashable, Sendable, CustomStringConvertible {
    public var status: Int
    /// The protocol's error code (`rateLimited`, `notAllowed`, …), when the body was SwipeDeck's JSON.
    public var code: String?
    /// The server's own words, when the body was SwipeDeck's JSON.
    public var message: String?

    public init(status: Int, code: String? = nil, message: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// The refusal in a complete HTTP answer (head and, with Content-Length, the whole body); nil
    /// when the bytes are not one yet, or the answer is not an error (a 101 or 2xx).
    ///
    /// ```swift
    /// HandshakeRefusal.parse(Array("HTTP/1.1 101 Switching Protocols\r\n\r\n".utf8))   // nil
    /// ```
    public static func parse(_ bytes: [UInt8]) -> HandshakeRefusal? {
        guard let headEnd = headEnd(bytes) else { return nil }
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = head[0].split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let status = Int(statusLine[1]), status >= 300 else { return nil }
        var length = 0
        var isJSON = false
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0].lowercased() {
            case "content-length": length = Int(parts[1]) ?? 0
            case "content-type": isJSON = parts[1].lowercased().hasPrefix("application/json")
            default: break
            }
        }
        let body = bytes[(headEnd + 4)...]
        guard body.count >= length else { return nil }
        guard isJSON, length > 0 else { return HandshakeRefusal(status: status) }
        let text = String(decoding: body.prefix(length), as: UTF8.self)
        return HandshakeRefusal(status: status, code: stringField("code", in: text), message: stringField("message", in: text))
    }

    /// The message and the status, e.g. "your address holds 256 connections already (429)"; the
    /// status alone when the server said nothing readable.
    public var description: String {
        guard let message, !message.isEmpty else { return "HTTP \(status)" }
        return "\(message) (\(status))"
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// A top-level string field of a JSON object (nil when absent, not a string, or not JSON).
    private static func stringField(_ name: String, in json: String) -> String? {
        guard let data = json.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object[name] as? String
    }
}
