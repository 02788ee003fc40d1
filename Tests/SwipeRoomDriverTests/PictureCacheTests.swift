import Testing
import SwipePictures
import SwipeRooms
@testable import SwipeRoomDriver

/// The pictures a node fetched from the store: kept up to a count and a byte total, the least
/// recently used going first; one larger than the whole budget is not kept.
@Suite struct PictureCacheTests {
    static func asset(_ seed: UInt8, size: Int) -> PictureAsset {
        let bytes = [UInt8](repeating: seed, count: size)
        return PictureAsset(format: .png, bytes: bytes, etag: PictureETag.of(bytes), width: 1, height: 1)
    }

    /// (what happens in order, the tags kept afterwards by seed)
    static let cases: [(steps: [(insert: UInt8?, use: UInt8?)], kept: Set<UInt8>)] = [
        ([(1, nil), (2, nil), (3, nil)], [2, 3]),                 // past the count: the oldest goes
        ([(1, nil), (2, nil), (nil, 1), (3, nil)], [1, 3]),       // a use makes it the newest
        ([(1, nil), (1, nil), (2, nil)], [1, 2]),                 // inserting again keeps one copy
        ([(9, nil)], []),                                          // larger than every byte allowed
        ([(1, nil), (4, nil)], [4]),                               // bytes: 10 + 40 > 45, so 1 goes
    ]

    @Test(arguments: cases.indices) func boundsAndRecency(index: Int) {
        var cache = PictureCache(maxCount: 2, maxBytes: 45)
        let size: (UInt8) -> Int = { $0 == 9 ? 46 : $0 == 4 ? 40 : 10 }
        for step in Self.cases[index].steps {
            if let seed = step.insert { cache.insert(Self.asset(seed, size: size(seed))) }
            if let seed = step.use { _ = cache.picture(etag: Self.asset(seed, size: size(seed)).etag) }
        }
        let kept = Set([1, 2, 3, 4, 9].map { UInt8($0) }.filter { seed in
            var copy = cache
            return copy.picture(etag: Self.asset(seed, size: size(seed)).etag) != nil
        })
        #expect(kept == Self.cases[index].kept)
        #expect(cache.count == kept.count && cache.bytes == kept.map { size($0) }.reduce(0, +))
    }
}
