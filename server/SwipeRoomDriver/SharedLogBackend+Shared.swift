// What a node asks of the other nodes through a shared store beside the rooms' logs: a create
// counted against its address over every node, a failed lookup counted and told to every node at
// its limit, the drags relayed, the pictures of rooms whose decks this node did not load. Service
// thread only; reaches the rooms through its RoomHost and the store through `SharedStore`.
import SwipeBackend
import SwipePictures
import SwipeProtocol
import SwipeRooms

extension SharedLogBackend {
    /// Whether `connection`'s address may create room `code`: counted against
    /// `--max-rooms-per-address` over every node. `then(true)` once admitted; otherwise the
    /// client is told why.
    func admitRoomInCluster(_ code: RoomCode, for connection: RoomSession, then: @escaping (Bool) -> Void) {
        let cap = host.rules.maxRoomsPerAddress
        guard cap > 0 else { then(true); return }
        let address = connection.address
        let id = connection.id
        let admit = SharedRecordRequest.admit(code, owner: .rooms(address), cap: cap, idleAfter: host.rules.abandonedRoomTimeout, at: host.now)
        store.records(admit) { [unowned self] answer in
            guard let connection = host.session(numbered: id) else { return }
            switch answer?.done {
            case true?:
                then(true)
            case false?:
                host.logger.notice("refused a room to \(address): it has \(cap) open rooms on the cluster (--max-rooms-per-address)")
                host.enqueue(.error(ProtocolError(.tooManyRooms, "create: \(address) already has \(cap) open rooms "
                    + "(--max-rooms-per-address, counted over every node)")), to: connection)
                then(false)
            case nil:
                host.enqueue(.error(Self.storeUnavailable(outage ?? "no answer")), to: connection)
                then(false)
            }
        }
    }

    /// A failed room-code lookup from `address`, counted over every node: every node's failures'
    /// ages in the window slow the address here, and at the limit every node is told at once
    /// (`SlowedLookups`, on the nodes' channel).
    func countFailedLookupInStore(from address: String, at time: ServerTime) {
        let limit = host.rules.failedLookups
        store.records(.count(.failures(address), at: time, window: host.rules.failedLookupWindow, keep: limit)) { [unowned self] answer in
            guard let ages = answer?.ages else {
                if answer != nil { host.logger.warning("the shared failed-lookup count for \(address) could not be read: \(String(describing: answer))") }
                return
            }
            host.server.adoptFailedLookups(ages: ages, for: address)
            if ages.count >= limit { store.publish(SlowedLookups(address: address, ages: ages).encoded, on: .nodes) }
        }
    }

    /// The store did not take (or keep) a connection's input: told why, and closed 1013 (the
    /// outage's path): the client resumes and resends unacknowledged input with its `seq`.
    func refuseForStore(_ outcome: AppendOutcome, to connection: RoomSession) {
        guard let error = Self.storeRefusal(outcome) else { return }
        host.enqueue(.error(error), to: connection)
        host.closeAfterFlush(connection, .tryAgainLater, "store unavailable")
    }

    /// What a member is told when the store did not take (or keep) their input: the outage's words
    /// when it is unreachable, else that no replica has it yet. Either way: send it again in a moment.
    static func storeRefusal(_ outcome: AppendOutcome) -> ProtocolError? {
        switch outcome {
        case let .failed(why): storeUnavailable(why)
        case let .unreplicated(why): ProtocolError(.other, "not acknowledged: \(why); send it again in a moment", retryAfter: 1)
        case .appended, .seen, .moved, .exists, .unknown, .closed: nil
        }
    }

    // MARK: drags, relayed

    /// Sends this node's broadcasts of an unlogged message (a drag) to the room's other nodes.
    func relay(_ effects: [RoomEffect], in code: RoomCode) {
        guard outage == nil else { return }
        for case let .broadcast(message, except) in effects {
            guard let bytes = host.encode(message) else { continue }
            store.publish(RelayedMessage(node: instance, except: except, message: bytes).encoded, on: .room(code))
        }
    }

    /// A message on a channel: another node's relay to this node's members of the room (this
    /// node's own come back too: its members were sent them already), or an address another node
    /// found past its failed lookups.
    package func received(_ bytes: [UInt8], on channel: SharedChannel) {
        switch channel {
        case let .room(code):
            guard let relayed = RelayedMessage(decoding: bytes), relayed.node != instance, host.hasMembersHere(in: code),
                  case let .success(message) = WireCodec.decodeServer(relayed.message) else { return }
            host.broadcast(message, in: code, except: relayed.except, toProtocol1Only: false)
        case .nodes:
            guard let slowed = SlowedLookups(decoding: bytes) else { return }
            host.server.adoptFailedLookups(ages: slowed.ages, for: slowed.address)
        }
    }

    // MARK: pictures of other nodes' decks and of uploads

    /// A picture request whose tag this node's decks lack: false when it can be answered now (the
    /// cache has it, the store already answered for this request, or the store is down); true when
    /// the store was asked and the answer waits for it (`RoomHost.answerWhenReady` then).
    package func waitForPicture(_ etag: String, in code: RoomCode, path: String, request: HTTPRequestID) -> Bool {
        guard started else { return false }
        if pictureAnswers[request]?.etag == etag || pictures.picture(etag: etag) != nil { return false }
        guard outage == nil else {
            pictureAnswers[request] = (etag, .unavailable(retryAfter: StoredPicture.retryAfter))
            return false
        }
        httpWaiting[request] = (code, path)
        let key: SharedKey = PictureETag.isUpload(etag) ? .inRoom(code, etag) : .picture(etag)
        store.records(.get(key)) { [unowned self] reply in
            let answer: StoredPicture = switch reply?.value {
            case let bytes??: StoredPicture.served(bytes, etag: etag, from: "the store", logger: host.logger)
            case .some(nil): .absent
            case nil: .unavailable(retryAfter: StoredPicture.retryAfter)
            }
            if case let .found(asset) = answer { pictures.insert(asset) }
            // Answered in HTTP_WRITEABLE (unless the client has gone meanwhile).
            guard httpWaiting[request] != nil else { return }
            pictureAnswers[request] = (etag, answer)
            host.server.answerWhenReady(request)
        }
        return true
    }

    /// What a request gets for a picture its node's decks lack (the store's answer for it, taken).
    package func storedPicture(_ etag: String, in code: RoomCode, for request: HTTPRequestID) -> StoredPicture {
        // (An answer for another tag is stale: its room went away before the answer was written.)
        if let answer = pictureAnswers.removeValue(forKey: request), answer.etag == etag { return answer.stored }
        if let asset = pictures.picture(etag: etag) { return .found(asset) }
        return .unavailable(retryAfter: StoredPicture.retryAfter)
    }
}
