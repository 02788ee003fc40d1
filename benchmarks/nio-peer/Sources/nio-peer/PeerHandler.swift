// Runs on the channel's EventLoop: decodes frames, forwards room work to the room's home loop.
import Foundation
import NIOCore
import NIOWebSocket

final class PeerHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let directory: RoomDirectory
    private var room: PeerRoom?
    private let decoder = JSONDecoder()

    init(directory: RoomDirectory) { self.directory = directory }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            var payload = frame.unmaskedData
            let bytes = payload.readBytes(length: payload.readableBytes) ?? []
            handle(Data(bytes), channel: context.channel)
        case .connectionClose:
            var data = frame.unmaskedData
            let code = data.readSlice(length: 2) ?? ByteBuffer()
            let reply = WebSocketFrame(fin: true, opcode: .connectionClose, data: code)
            context.writeAndFlush(wrapOutboundOut(reply)).whenComplete { [channel = context.channel] _ in
                channel.close(promise: nil)
            }
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .binary:
            var data = context.channel.allocator.buffer(capacity: 2)
            data.writeInteger(UInt16(1003))
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
                .whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let room {
            let channel = context.channel
            room.loop.execute { room.leave(channel) }
        }
        context.fireChannelInactive()
    }

    private func handle(_ data: Data, channel: Channel) {
        guard let probe = try? decoder.decode(TypeProbe.self, from: data) else {
            reply(ErrorWire(code: "badJSON", message: "not a SwipeDeck message"), on: channel)
            return
        }
        switch probe.type {
        case "create":
            guard room == nil, let create = try? decoder.decode(CreateMessage.self, from: data) else {
                reply(ErrorWire(code: "badField", message: "create: bad message or already in a room"), on: channel)
                return
            }
            let cards = create.cards ?? (0..<50).map { PeerCard(id: "movie\($0)", title: "Movie \($0)") }
            let room = directory.create(on: channel.eventLoop, deckName: create.deck ?? "inline", cards: cards)
            self.room = room
            room.join(channel, name: create.name, host: true)
        case "join":
            guard room == nil, let join = try? decoder.decode(JoinMessage.self, from: data) else {
                reply(ErrorWire(code: "badField", message: "join: bad message or already in a room"), on: channel)
                return
            }
            guard let room = directory.find(join.room) else {
                reply(ErrorWire(code: "unknownRoom", message: "join: no room \(join.room)"), on: channel)
                return
            }
            self.room = room
            room.loop.execute { room.join(channel, name: join.name, host: false) }
        case "swipe":
            guard let room, let swipe = try? decoder.decode(SwipeMessage.self, from: data) else { return }
            room.loop.execute { room.swipe(swipe, from: channel) }
        case "drag":
            guard let room, let drag = try? decoder.decode(DragMessage.self, from: data) else { return }
            room.loop.execute { room.drag(drag, from: channel) }
        case "host":
            guard let room, let command = try? decoder.decode(HostMessage.self, from: data) else { return }
            room.loop.execute { room.host(command, from: channel) }
        default:
            reply(ErrorWire(code: "unknownType", message: "the NIO peer does not handle \"\(probe.type)\""), on: channel)
        }
    }

    private func reply(_ error: ErrorWire, on channel: Channel) {
        let buffer = channel.allocator.buffer(bytes: Wire.encode(error))
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: buffer), promise: nil)
    }
}
