// The service thread's scratch memory for writes: the frames of one WRITEABLE, and one frame with
// LWS_PRE headroom for lws_write. Service thread only (owned by the shell).
import CLibWebSockets

/// Buffers reused by every write: `batch` frames what one WRITEABLE sends in a single raw
/// lws_write; `frame(_:)` copies one payload behind LWS_PRE bytes of headroom (for deflate, where
/// lws frames each message itself), growing once for a larger one.
///
/// ```swift
/// let scratch = WriteScratch()
/// let (pointer, count) = scratch.frame(payload)   // lws_write(wsi, pointer, count, LWS_WRITE_TEXT)
/// ```
final class WriteScratch {
    var batch = FrameBatch(headroom: Int(swipe_lws_pre()))
    private var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 * 1024)
    private var capacity = 64 * 1024

    deinit { buffer.deallocate() }

    /// `bytes` behind LWS_PRE bytes of headroom: the payload's address and length (valid until the next call).
    func frame(_ bytes: [UInt8]) -> (UnsafeMutablePointer<UInt8>, Int) {
        let pre = Int(swipe_lws_pre())
        if pre + bytes.count > capacity {
            buffer.deallocate()
            capacity = pre + bytes.count
            buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        }
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { (buffer + pre).update(from: base, count: source.count) }
        }
        return (buffer + pre, bytes.count)
    }
}
