import Foundation

/// A TCP socket listening on 127.0.0.1 at a free port that accepts nothing by itself: a connection
/// completes (the kernel's backlog) and then hears nothing, like a server that hangs. `accept` is
/// there for a test server that does answer.
final class LoopbackListener: @unchecked Sendable {
    let descriptor: Int32
    let port: Int

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listener >= 0, bound else {
            if listener >= 0 { Foundation.close(listener) }
            throw CocoaError(.fileNoSuchFile)
        }
        descriptor = listener
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { shutdown(descriptor, Int32(SHUT_RDWR)); Foundation.close(descriptor) }
}
