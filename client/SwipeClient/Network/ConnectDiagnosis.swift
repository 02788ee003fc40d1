// Shell: explains a failed connection. Runs on a background queue (ServerLink hands it over from
// the lws service thread); resolves the host name and tries one plain TCP connect, and for an
// upgrade a ws:// server refused, asks once more over a plain socket to read why; nothing else.
import Foundation
import SwipeClientCore
import SwipeProtocol

/// libwebsockets says only "Unable to connect" or "could not start connecting": this finds out
/// whether the name did not resolve, the port refused, or the host did not answer, so the user
/// reads a reason they can act on. TLS failures keep lws's detail under a plain heading.
///
/// ```swift
/// ConnectDiagnosis.explain(host: "127.0.0.1", port: 9, lwsDetail: "Unable to connect")
/// // "connection refused (nothing listens on 127.0.0.1 port 9)"
/// ```
enum ConnectDiagnosis {
    /// A plain-words reason for a failed connection to `host:port`.
    /// `httpStatus`: what the server answered the upgrade with, when it answered one other than 101.
    static func explain(host: String, port: Int, lwsDetail: String, httpStatus: Int? = nil) -> String {
        if lwsDetail.range(of: "SSL", options: .caseInsensitive) != nil || lwsDetail.contains("TLS") {
            return tlsFailure(lwsDetail)
        }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            return "the name \"\(host)\" could not be resolved (\(String(cString: gai_strerror(status))))"
        }
        defer { freeaddrinfo(first) }
        switch probe(first.pointee, timeoutMs: 3000) {
        case 0: return httpStatus.map(handshakeRefusal(status:)) ?? lwsDetail   // TCP works: the WebSocket handshake itself failed
        case ECONNREFUSED: return "connection refused (nothing listens on \(host) port \(port))"
        case ETIMEDOUT: return "no answer from \(host) port \(port) within 3 s"
        case let code: return "cannot reach \(host) port \(port): " + String(cString: strerror(code))
        }
    }

    /// A failed TLS handshake, with what to do about a certificate this machine does not trust: a
    /// self-signed one (a test server's, or one made with `openssl req -x509`) is trusted for one
    /// run by naming its PEM file in `SSL_CERT_FILE`. When `SSL_CERT_FILE` is already set, the file
    /// it names is said, so a wrong path shows.
    ///
    /// ```swift
    /// ConnectDiagnosis.tlsFailure("connect SSL err 1", certFile: nil)
    /// // "TLS handshake failed (connect SSL err 1): the server's certificate is not one this machine trusts? …"
    /// ```
    static func tlsFailure(_ lwsDetail: String, certFile: String? = ProcessInfo.processInfo.environment["SSL_CERT_FILE"]) -> String {
        let lead = "TLS handshake failed (\(lwsDetail)): is the server using wss:// with a certificate this machine trusts? "
        guard let certFile, !certFile.isEmpty else {
            return lead + "For a self-signed certificate, run with SSL_CERT_FILE=cert.pem (the server's certificate file)"
        }
        return lead + "SSL_CERT_FILE names \(certFile): is that the server's certificate, and readable?"
    }

    /// Plain words for an upgrade the server answered with HTTP `status` instead of 101.
    ///
    /// ```swift
    /// ConnectDiagnosis.handshakeRefusal(status: 429)
    /// // "the server turned the connection away: too many connections from your address (HTTP 429) …"
    /// ```
    static func handshakeRefusal(status: Int) -> String {
        switch status {
        case 429:
            return "the server turned the connection away: too many connections from your address (HTTP 429); "
                + "someone on your network holds many, try again in a few seconds"
        case 403: return "the server refused this client (HTTP 403: its origin is not allowed)"
        case 400: return "the server refused the WebSocket handshake (HTTP 400): is this a SwipeDeck server?"
        case 404: return "nothing answers WebSockets at that address (HTTP 404): is this a SwipeDeck server?"
        default: return "the server answered HTTP \(status) instead of opening a WebSocket"
        }
    }

    /// Asks a ws:// server that refused the upgrade once more, over a plain socket, and reads its
    /// answer: libwebsockets' client gives the status but not the body, which carries the server's
    /// reason. nil for wss:// (the plain socket would need its own TLS session), when the server
    /// does not answer within `timeoutMs`, or when it lets this upgrade through (then closed at once).
    ///
    /// ```swift
    /// ConnectDiagnosis.refusal(of: try WebSocketURL(parsing: "ws://127.0.0.1:7700/"))?.description
    /// // "your address holds 256 connections already (--max-connections-per-address); retry in 10 s (429)"
    /// ```
    static func refusal(of url: WebSocketURL, timeoutMs: Int32 = 3000) -> HandshakeRefusal? {
        guard !url.scheme.usesTLS else { return nil }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(url.host, String(url.port), &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(first) }
        let address = first.pointee
        let fd = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard connect(fd, address.ai_addr, address.ai_addrlen) == 0 else { return nil }
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let request = "GET \(url.path) HTTP/1.1\r\nHost: \(url.host):\(url.port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Protocol: \(ProtocolVersion.offered.joined(separator: ", "))\r\n\r\n"
        let sent = Array(request.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.utf8.count else { return nil }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while received.count < 64 * 1024, Date() < deadline {
            if let refusal = HandshakeRefusal.parse(received) { return refusal }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, max(1, Int32(deadline.timeIntervalSinceNow * 1000))) == 1 else { return nil }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += chunk[..<count]
        }
        return HandshakeRefusal.parse(received)
    }

    /// One non-blocking TCP connect: 0 on success, else the errno it failed with.
    static func probe(_ address: addrinfo, timeoutMs: Int32) -> Int32 {
        let fd = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        if connect(fd, address.ai_addr, address.ai_addrlen) == 0 { return 0 }
        guard errno == EINPROGRESS else { return errno }
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&poller, 1, timeoutMs) == 1 else { return ETIMEDOUT }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
        return failure
    }
}
