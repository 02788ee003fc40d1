// Shell: the protocol and extension arrays handed to lws_create_context. Allocated once per client
// loop (stable memory, zeroed terminators, strdup'd names) and freed on the service thread after
// the context is destroyed.
import CLibWebSockets
import Foundation

struct ClientProtocolTable {
    let protocols: UnsafeMutablePointer<lws_protocols>
    let extensions: UnsafeMutablePointer<lws_extension>?
    private let names: [UnsafeMutablePointer<CChar>]

    init(name: String, deflate: Bool) {
        let protocolName = strdup(name)
        protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(protocolName)
        protocols[0].callback = clientLoopCallback
        protocols[0].per_session_data_size = 0
        protocols[0].rx_buffer_size = 0
        var names = [protocolName].compactMap { $0 }
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
        protocols.deinitialize(count: 2)
        protocols.deallocate()
        if let extensions {
            extensions.deinitialize(count: 2)
            extensions.deallocate()
        }
        for name in names { free(name) }
    }
}
