// Shell: the protocol and extension arrays handed to lws_create_context. Allocated once per client
// loop (stable memory, zeroed terminators, strdup'd names) and freed on the service thread after
// the context is destroyed.
import CLibWebSockets
import Foundation

struct ClientProtocolTable {
    let protocols: UnsafeMutablePointer<lws_protocols>
    let extensions: UnsafeMutablePointer<lws_extension>?
    private let names: [UnsafeMutablePointer<CChar>]
    /// Entries in `protocols`, the zeroed terminator included.
    private let count: Int

    /// `offer` is what the client sends in Sec-WebSocket-Protocol ("swipedeck.v2, swipedeck.v1"):
    /// every name in it gets an entry, so lws accepts whichever one the server chooses.
    init(offer: String, deflate: Bool) {
        let offered = offer.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        count = offered.count + 1
        protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: count)
        protocols.initialize(repeating: lws_protocols(), count: count)
        var names: [UnsafeMutablePointer<CChar>] = []
        for (index, name) in offered.enumerated() {
            guard let protocolName = strdup(name) else { continue }
            protocols[index].name = UnsafePointer(protocolName)
            protocols[index].callback = clientLoopCallback
            protocols[index].per_session_data_size = 0
            protocols[index].rx_buffer_size = 0
            names.append(protocolName)
        }
        if deflate {
            let extensionName = strdup("permessage-deflate")
            let extensionOptions = strdup("permessage-deflate; client_no_context_takeover; client_max_window_bits")
            let table = UnsafeMutablePointer<lws_extension>.allocate(capacity: 2)
            table.initialize(repeating: lws_extension(), count: 2)
            table[0].name = UnsafePointer(extensionName)
            table[0].callback = swipe_lws_pm_deflate_callback()
            table[0].client_offer = UnsafePointer(extensionOptions)
            extensions = table
            names += [extensionName, extensionOptions].compactMap { $0 }
        } else {
            extensions = nil
        }
        self.names = names
    }

    func deallocate() {
        protocols.deinitialize(count: count)
        protocols.deallocate()
        if let extensions {
            extensions.deinitialize(count: 2)
            extensions.deallocate()
        }
        for name in names { free(name) }
    }
}
