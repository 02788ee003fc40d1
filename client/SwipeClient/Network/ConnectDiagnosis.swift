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
    static func explain(host: String, port: Int, lwsDetail: String) -> String {
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
        case 0: return lwsDetail   // TCP works: the WebSocket handshake itself failed
        case ECONNREFUSED: return "connection refused (nothing listens on \(host) port \(port))"
        case ETIMEDOUT: return "no answer from \(host) port \(port) within 3 s"
        case let code: return "cannot reach \(host) port \(port): " + String(cString: strerror(code))
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
