// libFuzzer entry point for the wire decoder (built by server/fuzz/build.sh, not by SwiftPM).
// Runs on libFuzzer's thread; touches only the bytes it is given.
import SwipeProtocol

/// libFuzzer calls this with each input: decode it as a client message; whatever decodes must
/// survive an encode/decode round trip unchanged.
///
/// ```swift
/// _ = swipeFuzzDecoder(pointer, count)   // libFuzzer's LLVMFuzzerTestOneInput
/// ```
@_cdecl("LLVMFuzzerTestOneInput")
public func swipeFuzzDecoder(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    if case let .success(message) = WireCodec.decodeClient(bytes) {
        guard let again = try? WireCodec.encode(message), WireCodec.decodeClient(again) == .success(message) else {
            fatalError("round trip changed \(message)")
        }
    }
    _ = WireCodec.decodeServer(bytes)
    return 0
}
