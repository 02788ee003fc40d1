import SwipeRooms

/// The bytes of pictures uploaded and not yet made part of a room (every connection's uploads
/// before its `create`), counted for the whole server and per client address, so that strangers
/// who leave pictures half-sent cannot take the server's memory (`UploadLimits.maxPendingBytes`)
/// nor, from one address, the budget every host shares (`maxPendingBytesPerAddress`). A value;
/// the shell keeps one.
///
/// ```swift
/// var budget = UploadBudget()
/// budget.refusal(adding: 2 << 20, for: "203.0.113.7", limits: UploadLimits())   // nil: it fits
/// budget.change("203.0.113.7", by: 2 << 20)
/// budget.total   // 2_097_152
/// ```
struct UploadBudget: Hashable, Sendable {
    private(set) var total = 0
    private var byAddress: [String: Int] = [:]

    /// What `address` holds now.
    func held(by address: String) -> Int { byAddress[address] ?? 0 }

    /// Why a new picture of `size` bytes from `address` does not fit now (nil: it does).
    func refusal(adding size: Int, for address: String, limits: UploadLimits) -> String? {
        if held(by: address) + size > limits.maxPendingBytesPerAddress {
            return "your address holds \(held(by: address)) bytes of uploads not yet in a room (at most \(limits.maxPendingBytesPerAddress))"
        }
        if total + size > limits.maxPendingBytes {
            return "the server holds \(total) bytes of uploads not yet in a room (at most \(limits.maxPendingBytes))"
        }
        return nil
    }

    /// `address` holds `delta` bytes more (or fewer, when negative).
    mutating func change(_ address: String, by delta: Int) {
        guard delta != 0 else { return }
        total += delta
        let now = held(by: address) + delta
        byAddress[address] = now > 0 ? now : nil
    }
}
