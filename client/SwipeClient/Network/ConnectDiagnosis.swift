// Shell: explains a failed connection. Runs on a background queue (ServerLink hands it over from
// the lws service thread); resolves the host name and tries one plain TCP connect, nothing else.
import Foundation

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
            return "TLS handshake failed (\(lwsDetail)); is the server using wss:// with a certificate this machine trusts?"
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
