// recv for the whole swipe-server process (exported by the linker flag in Package.swift, so
// libwebsockets' calls land here): calls the C library's recv, then lets ReceiveGuard look at what a
// plain WebSocket client sent before lws parses it. Runs on whichever thread calls recv (lws: its
// service thread); touches only ReceiveGuard, which passes every other socket through untouched.
// Plain sockets only: with TLS, recv returns ciphertext and nothing is watched.
#if canImport(Glibc)
import Glibc
#endif
import SwipeServer

private typealias RecvFunction = @convention(c) (Int32, UnsafeMutableRawPointer?, Int, Int32) -> Int

/// The C library's recv (the next definition after this executable's).
private let libcRecv: RecvFunction? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "recv") else { return nil }   // RTLD_NEXT
    return unsafeBitCast(symbol, to: RecvFunction.self)
}()

/// Tells ReceiveGuard that recv is interposed (before the server starts).
enum RecvInterposer {
    static func install() {
        ReceiveGuard.isInterposed = libcRecv != nil && recvIsOurs
    }

    /// Whether recv as the dynamic linker resolves it is this file's (the linker flag took effect).
    private static var recvIsOurs: Bool {
        guard let resolved = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "recv") else { return false }   // RTLD_DEFAULT
        let ours: RecvFunction = swipeServerRecv
        return resolved == unsafeBitCast(ours, to: UnsafeMutableRawPointer.self)
    }
}

@_cdecl("recv")
public func swipeServerRecv(_ socket: Int32, _ buffer: UnsafeMutableRawPointer?, _ length: Int, _ flags: Int32) -> Int {
    guard let libcRecv else {
        errno = ENOSYS
        return -1
    }
    let received = libcRecv(socket, buffer, length, flags)
    guard received > 0, flags & Int32(MSG_PEEK) == 0, let buffer else { return received }
    switch ReceiveGuard.inspect(socket: socket, bytes: UnsafeRawBufferPointer(start: buffer, count: received)) {
    case let .pass(count):
        return count
    case .nothing:
        errno = EAGAIN   // nothing lws may have: the rest is dropped and the connection is closing
        return -1
    case .hangUp, .answerThenHangUp:
        return 0   // answered here (431): lws sees the peer hang up
    }
}
