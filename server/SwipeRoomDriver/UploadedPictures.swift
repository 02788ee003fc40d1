import SwipeCore
import SwipeRooms

/// The uploaded pictures a new room's cards name, out of everything its creator uploaded (by
/// tag): what a backend keeps with the room.
///
/// ```swift
/// picturesNamed(by: room.cards, among: uploads).count   // 2: the deck's two pictures
/// ```
package func picturesNamed(by cards: [Card], among uploads: [String: PictureAsset]) -> [PictureAsset] {
    var kept: [String: PictureAsset] = [:]
    for case let etag? in cards.map({ $0.picture?.etag }) { kept[etag] = uploads[etag] }
    return kept.keys.sorted().compactMap { kept[$0] }
}
