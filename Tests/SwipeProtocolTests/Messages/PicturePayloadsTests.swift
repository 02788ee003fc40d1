import Foundation
import Testing
import SwipeCore
@testable import SwipeProtocol

/// `picture` and `pictureReceived` on the wire, and a picture cut into parts that fit a message.
@Suite struct PicturePayloadsTests {
    @Test func aPartAndItsAcknowledgementRoundTrip() throws {
        let part = ClientMessage.picture(PictureChunk(file: "posters/dune.png", size: 6, offset: 0, data: "iVBORw0K"))
        let bytes = try WireCodec.encode(part)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"data":"iVBORw0K","file":"posters/dune.png","offset":0,"size":6,"type":"picture"}"#)
        #expect(try WireCodec.decodeClient(bytes).get() == part)
        let received = ServerMessage.pictureReceived(PictureReceived(file: "a.png", etag: "u-00", bytes: 6))
        #expect(try WireCodec.decodeServer(try WireCodec.encode(received)).get() == received)
    }

    @Test func aPartWithoutItsFieldsIsNamed() {
        guard case let .failure(error) = WireCodec.decodeClient(Array(#"{"type":"picture","file":"a.png","offset":0,"data":""}"#.utf8)) else {
            Issue.record("decoded without size")
            return
        }
        #expect(error.code == .missingField && error.message.contains("size"), "\(error)")
    }

    @Test func pictureIsProtocol4() {
        let part = ClientMessage.picture(PictureChunk(file: "a.png", size: 1, offset: 0, data: "AA=="))
        #expect(part.introducedIn == 4)
        #expect(part.refusal(forProtocol: 3)?.message == "picture: needs protocol 4 (subprotocol swipedeck.v4); this connection speaks protocol 3")
        #expect(ServerMessage.pictureReceived(PictureReceived(file: "a", etag: "u-", bytes: 1)).asSent(toProtocol: 3).isEmpty)
    }

    @Test(arguments: [0, 1, 46_079, 46_080, 46_081, 2 * 1024 * 1024])
    func partsCoverTheBytesInOrderAndFitTheDefaultMessageLimit(_ count: Int) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let file = String(repeating: "p", count: 196) + ".png"   // the longest name a deck may give
        let parts = PictureChunk.chunks(of: bytes, file: file)
        #expect(parts.count == max(1, (count + PictureChunk.standardChunkBytes - 1) / PictureChunk.standardChunkBytes))
        var joined: [UInt8] = []
        for part in parts {
            #expect(part.offset == joined.count && part.size == count && part.file == file)
            joined += Array(Data(base64Encoded: part.data) ?? Data())
            #expect(try WireCodec.encode(ClientMessage.picture(part)).count <= 64 * 1024)
        }
        #expect(joined == bytes)
    }
}
