// Turning WebSocket frames into room events, and queued frames into lws_write calls.
// Service thread only.
import SwipeRoomDriver
import CLibWebSockets
import SwipeCore
import SwipeProtocol
import SwipeRooms

extension ServerShell {
    func opened(_ wsi: OpaquePointer) {
        let address = sockets.upgradeAddresses.removeValue(forKey: wsi) ?? clientAddress(of: wsi)
        let connection = Connection(id: ConnectionID(connections.nextNumber), wsi: wsi, limits: configuration.transportLimits,
                                    address: address, openedAt: now)
        connection.keyTag = sockets.upgradeKeyTags.removeValue(forKey: wsi)
        connections.nextNumber += 1
        connections[wsi] = connection
        // The hot callbacks find it here without hashing the pointer (cleared in `closed`, before
        // `connections` lets go of it).
        lws_set_opaque_user_data(wsi, Unmanaged.passUnretained(connection).toOpaque())
        connections.byID[connection.id] = connection
        heapTrim.opened(at: now)
        armWakeTimer()
        if let chosen = lws_get_protocol(wsi)?.pointee.name.map({ String(cString: $0) }),
           let version = ProtocolVersion.version(ofSubprotocol: chosen) {
            connection.protocolVersion = version
        }
        logger.debug("\(connection.id) connected from \(address)")
        // Frames over the message limit but within `readToEndBytes` reach `received`, which reads
        // them to their end before closing 1009; only longer ones are cut at the socket.
        ReceiveGuard.watch(socket: lws_get_socket_fd(wsi), connection: wsi, tls: lws_is_ssl(wsi) != 0,
                           maxPayload: configuration.transportLimits.readToEndBytes)
        if shutdownDeadline != nil { closeAfterFlush(connection, .goingAway, "server shutting down") }
    }

    func closed(_ wsi: OpaquePointer) {
        guard let connection = connections.removeValue(forKey: wsi) else { return }
        lws_set_opaque_user_data(wsi, nil)
        ReceiveGuard.forget(socket: lws_get_socket_fd(wsi))
        connections.byID[connection.id] = nil
        dropQueue(of: connection)
        releaseUploads(of: connection)
        heapTrim.closed(peakQueuedBytes: connection.peakQueuedBytes, at: now)
        logger.debug("\(connection.id) closed")
        // A shutdown changes no room: the member is not logged offline (everyone is offline after
        // the restart anyway), so a lockstep card is not decided by people leaving because of it.
        // Someone who said goodbye is gone; a dropped connection may come back within the grace.
        driver.sessionClosed(connection, grace: connection.leftOnPurpose ? 0 : configuration.dropGrace,
                             shuttingDown: shutdownDeadline != nil)
        finishIfShutDown(at: now)   // the last connection of a shutdown ends the loop without waiting for a timer
    }

    /// The client sent a close frame with `code` (nil when it carried none): 1000 and 1001 mean
    /// the person left; anything else (4000 "reconnecting" from `swipe`, an error) does not.
    func peerClosing(_ wsi: OpaquePointer, code: UInt16?) {
        guard let connection = connection(at: wsi) else { return }
        switch code.flatMap({ CloseCode(rawValue: Int($0)) }) {
        case .normal?, .goingAway?: connection.leftOnPurpose = true
        case .protocolError?, .unsupportedData?, .policyViolation?, .messageTooBig?, .tryAgainLater?, nil:
            connection.leftOnPurpose = false
        }
    }

    /// The WebSocket connection behind `wsi` (nil for plain HTTP, or once it closed), from lws's
    /// opaque user data: `opened` put it there and `closed` takes it away while `connections`
    /// still holds it, so it is never dangling.
    func connection(at wsi: OpaquePointer) -> Connection? {
        lws_get_opaque_user_data(wsi).map { Unmanaged<Connection>.fromOpaque($0).takeUnretainedValue() }
    }

    /// One RECEIVE callback's bytes; `complete` when the message's last fragment has arrived.
    func received(_ wsi: OpaquePointer, _ bytes: UnsafeRawBufferPointer, binary: Bool, complete: Bool) {
        guard let connection = connection(at: wsi) else { return }
        if connection.discardingOversize {
            guard complete else { return }
            connection.discardingOversize = false
            let error = oversize(configuration.transportLimits)
            closeAfterFlush(connection, .messageTooBig, "\(error.code.rawValue): \(error.message)")
            return
        }
        guard connection.closing == nil else { return }
        let limits = configuration.transportLimits
        if binary { connection.inboundIsBinary = true }
        if connection.inbound.count + bytes.count > limits.maxMessageBytes {
            connection.inbound = []
            let error = oversize(limits)
            if complete {
                refuse(connection, error, close: .messageTooBig)
            } else {
                // The error now; the close once the rest of the message has been read (bounded in time).
                logger.notice("\(connection.id): tooLarge: \(error.message); reading the rest before closing 1009")
                connection.outbound.removeAll()
                enqueue(.error(error), to: connection)
                connection.discardingOversize = true
                lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, Self.oversizeDrainSeconds)
            }
            return
        }
        if !connection.inboundIsBinary { connection.inbound.append(contentsOf: bytes) }
        guard complete else { return }
        counters.messagesIn += 1
        let message = connection.inbound
        let wasBinary = connection.inboundIsBinary
        connection.inbound = []
        connection.inboundIsBinary = false
        if wasBinary {
            refuse(connection, ProtocolError(.binaryFrame, "binary frames are not part of the protocol; send JSON text frames"),
                   close: .unsupportedData)
            return
        }
        let time = now
        guard connection.limiter.allow(at: time) else {
            refuse(connection, ProtocolError(.rateLimited,
                                             "more than \(Int(limits.messagesPerSecond)) messages per second (burst \(Int(limits.messageBurst)))"),
                   close: .policyViolation)
            return
        }
        switch WireCodec.decodeClient(message) {
        case let .failure(error):
            enqueue(.error(error), to: connection)
        case let .success(decoded):
            dispatch(decoded, from: connection, at: time)
        }
    }

    /// The refusal of a message over `limits.maxMessageBytes`.
    func oversize(_ limits: TransportLimits) -> ProtocolError {
        ProtocolError(.tooLarge, "message is larger than \(limits.maxMessageBytes) bytes")
    }

    /// Seconds a client has to finish sending an over-limit message before it is dropped.
    static let oversizeDrainSeconds: Int32 = 10

    private func refuse(_ connection: Connection, _ error: ProtocolError, close code: CloseCode) {
        logger.notice("\(connection.id): \(error.code.rawValue): \(error.message)")
        // Abuse: what was queued is dropped so the error and the close go out at once.
        dropQueue(of: connection)
        enqueue(.error(error), to: connection)
        // The close frame says it too ("tooLarge: message is larger than 65536 bytes"): a client
        // that sees the close before the error, or only the close, still has the server's reason.
        closeAfterFlush(connection, code, "\(error.code.rawValue): \(error.message)")
    }

    /// FILTER_PROTOCOL_CONNECTION: the upgrade's Origin when it is not on the allow-list (nil: allowed).
    func refusedOrigin(_ wsi: OpaquePointer) -> String? {
        let allowed = configuration.allowedOrigins
        guard !allowed.isEmpty, let origin = header(wsi, WSI_TOKEN_ORIGIN) else { return nil }
        if allowed.contains(origin) { return nil }
        logger.notice("refused a WebSocket from origin \(origin) (not in --origin)")
        return origin
    }

    /// SERVER_WRITEABLE: writes what is queued, then the close once the queue is empty. Returns -1 to close.
    ///
    /// Without permessage-deflate every queued frame (up to `batchBytes`) goes out in one raw write:
    /// a vote queues `tally` and `memberUpdated` (and on the last vote `cardResolved`, `animation`,
    /// `match`) for every member, and one frame per callback would cost a trip round the service
    /// loop, a poll() over every socket, per frame. With deflate, lws must frame and compress each
    /// message itself, so frames go one lws_write at a time while the socket takes them.
    func writeable(_ wsi: OpaquePointer) -> Int32 {
        guard let connection = connection(at: wsi) else { return 0 }
        if !connection.frameRefused, let violation = ReceiveGuard.violation(socket: lws_get_socket_fd(wsi)) {
            refuseFrame(connection, violation)
        }
        let queuedBefore = connection.outbound.byteCount
        defer { connections.queuedBytes -= queuedBefore - connection.outbound.byteCount }
        if connection.outbound.isEmpty {
            guard let (code, reason) = connection.closing else { return 0 }
            var reasonBytes = Array(reason.utf8.prefix(120))
            reasonBytes.withUnsafeMutableBufferPointer { buffer in
                lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code.rawValue)), buffer.baseAddress, buffer.count)
            }
            return -1
        }
        let written = configuration.deflate ? writeOneByOne(connection, wsi) : writeBatched(connection, wsi)
        guard written else {
            logger.notice("\(connection.id): lws_write failed; dropping the connection")
            return -1
        }
        if !connection.outbound.isEmpty || connection.closing != nil { lws_callback_on_writable(wsi) }
        return 0
    }

    /// A frame the receive guard let no further (RFC 6455: unmasked, a malformed control frame or
    /// length: 1002, nothing more is sent; declared over `--max-message-bytes`: `tooLarge`, then 1009).
    /// The close goes out at once; lws then waits `frameRefusalSeconds` at most for the client's
    /// answer, which never reaches it (everything after the frame is dropped), and hangs up.
    private func refuseFrame(_ connection: Connection, _ violation: FrameScanner.Violation) {
        connection.frameRefused = true
        logger.notice("\(connection.id): \(violation.reason); closing \(violation.closeCode)")
        dropQueue(of: connection)
        connection.discardingOversize = false
        if case .tooLarge = violation {
            let limit = configuration.transportLimits.maxMessageBytes
            enqueue(.error(ProtocolError(.tooLarge, "message is larger than \(limit) bytes (\(violation.reason))")), to: connection)
        }
        connection.closing = (CloseCode(rawValue: Int(violation.closeCode)) ?? .protocolError, violation.reason)
        lws_set_timeout(connection.wsi, PENDING_TIMEOUT_USER_OK, Self.frameRefusalSeconds)
    }

    /// Seconds a connection whose frame was refused stays open after its close is queued.
    static let frameRefusalSeconds: Int32 = 5

    /// Most bytes of frames one WRITEABLE writes before the other connections get a turn.
    static let batchBytes = 64 * 1024
    /// Most frames one WRITEABLE writes with deflate on.
    static let framesPerWriteable = 32

    /// Queued frames, framed here, in one raw lws_write (lws keeps any part the socket did not take
    /// and sends it before calling WRITEABLE again).
    private func writeBatched(_ connection: Connection, _ wsi: OpaquePointer) -> Bool {
        scratch.batch.reset()
        while scratch.batch.frameBytes < Self.batchBytes, let payload = connection.outbound.pop() {
            scratch.batch.appendText(payload)
            counters.messagesOut += 1
        }
        let length = scratch.batch.frameBytes
        let headroom = scratch.batch.headroom
        return scratch.batch.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return false }
            return lws_write(wsi, base.assumingMemoryBound(to: UInt8.self) + headroom, length, LWS_WRITE_HTTP) >= 0   // LWS_WRITE_RAW (a macro Swift cannot see): bytes as they are
        }
    }

    /// One lws_write per frame, checking `lws_send_pipe_choked` between frames.
    private func writeOneByOne(_ connection: Connection, _ wsi: OpaquePointer) -> Bool {
        var frames = 0
        while !connection.outbound.isEmpty {
            if frames > 0, frames >= Self.framesPerWriteable || lws_send_pipe_choked(wsi) != 0 { break }
            guard let payload = connection.outbound.pop() else { break }
            let ok = write(payload, to: wsi)
            guard ok else { return false }
            frames += 1
            counters.messagesOut += 1
        }
        return true
    }

    /// One text frame through lws_write (copied behind LWS_PRE bytes of headroom). False when lws failed.
    private func write(_ bytes: [UInt8], to wsi: OpaquePointer) -> Bool {
        let (payload, count) = scratch.frame(bytes)
        return lws_write(wsi, payload, count, LWS_WRITE_TEXT) >= 0
    }
}
