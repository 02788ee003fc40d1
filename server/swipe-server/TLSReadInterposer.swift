// SSL_read for the whole swipe-server process (exported by the linker flag in Package.swift, so
// libwebsockets' calls land here): calls OpenSSL's SSL_read, then lets ReceiveGuard look at the
// plaintext a wss:// client sent before lws parses it, as RecvInterposer does for ws://. Runs on
// whichever thread calls SSL_read (lws: its service thread); touches only ReceiveGuard.
#if canImport(Glibc)
import Glibc
#endif
import SwipeServer

private typealias SSLReadFunction = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Int32
private typealias SSLGetFDFunction = @convention(c) (OpaquePointer?) -> Int32
private typealias SSLWriteFunction = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32

/// OpenSSL's SSL_read and SSL_get_fd (the next definitions after this executable's; nil until
/// libssl is loaded, which lws does before any TLS connection exists).
private let libsslRead: SSLReadFunction? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "SSL_read") else { return nil }   // RTLD_NEXT
    return unsafeBitCast(symbol, to: SSLReadFunction.self)
}()
private let libsslGetFD: SSLGetFDFunction? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "SSL_get_fd") else { return nil }   // RTLD_DEFAULT
    return unsafeBitCast(symbol, to: SSLGetFDFunction.self)
}()

private let libsslWrite: SSLWriteFunction? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "SSL_write") else { return nil }   // RTLD_DEFAULT
    return unsafeBitCast(symbol, to: SSLWriteFunction.self)
}()

/// Tells ReceiveGuard that SSL_read is interposed (before the server starts).
enum TLSReadInterposer {
    static func install() {
        ReceiveGuard.isTLSInterposed = libsslRead != nil && libsslGetFD != nil && libsslWrite != nil && readIsOurs
    }

    private static var readIsOurs: Bool {
        guard let resolved = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "SSL_read") else { return false }   // RTLD_DEFAULT
        let ours: SSLReadFunction = swipeServerSSLRead
        return resolved == unsafeBitCast(ours, to: UnsafeMutableRawPointer.self)
    }
}

@_cdecl("SSL_read")
public func swipeServerSSLRead(_ ssl: OpaquePointer?, _ buffer: UnsafeMutableRawPointer?, _ length: Int32) -> Int32 {
    guard let libsslRead else { return -1 }
    while true {
        let received = libsslRead(ssl, buffer, length)
        guard received > 0, let buffer, let socket = libsslGetFD?(ssl), socket >= 0 else { return received }
        switch ReceiveGuard.inspect(socket: socket, bytes: UnsafeRawBufferPointer(start: buffer, count: Int(received)), source: .tls) {
        case let .pass(count) where count > 0:
            return Int32(count)
        case .pass, .nothing:
            continue   // all of it after an unmasked frame: read on until OpenSSL would block (its own WANT_READ)
        case .hangUp:
            return 0
        case let .answerThenHangUp(answer):
            _ = answer.withUnsafeBytes { libsslWrite?(ssl, $0.baseAddress, Int32($0.count)) }   // the 431, encrypted
            return 0
        }
    }
}
