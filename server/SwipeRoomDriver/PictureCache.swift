// Pictures a cluster node fetched from the store, kept in memory up to a bound. A value type; the
// shared-log backend (SharedLogBackend) owns one, used on the service thread only.
import SwipeBackend
import SwipeRooms

/// The least recently used pictures fetched from the store, at most `maxCount` of them and
/// `maxBytes` together (the oldest go first; one picture larger than `maxBytes` is not kept).
///
/// ```swift
/// var cache = PictureCache(maxCount: 2, maxBytes: 1 << 20)
/// cache.insert(asset)
/// cache.picture(etag: asset.etag)?.bytes.count   // asset.bytes.count
/// ```
struct PictureCache {
    let maxCount: Int
    let maxBytes: Int
    private var assets: [String: PictureAsset] = [:]
    /// Tags from least to most recently used.
    private var order: [String] = []
    private(set) var bytes = 0

    init(maxCount: Int = 64, maxBytes: Int = 32 * 1024 * 1024) {
        self.maxCount = maxCount
        self.maxBytes = maxBytes
    }

    var count: Int { assets.count }

    /// The picture with this tag, if kept (it becomes the most recently used).
    mutating func picture(etag: String) -> PictureAsset? {
        guard let asset = assets[etag] else { return nil }
        touch(etag)
        return asset
    }

    /// Keeps `asset`, dropping the least recently used ones past the bounds.
    mutating func insert(_ asset: PictureAsset) {
        guard asset.bytes.count <= maxBytes, maxCount > 0 else { return }
        if assets[asset.etag] != nil {
            touch(asset.etag)
            return
        }
        assets[asset.etag] = asset
        order.append(asset.etag)
        bytes += asset.bytes.count
        while assets.count > maxCount || bytes > maxBytes, let oldest = order.first {
            order.removeFirst()
            bytes -= assets.removeValue(forKey: oldest)?.bytes.count ?? 0
        }
    }

    private mutating func touch(_ etag: String) {
        if let index = order.firstIndex(of: etag) { order.remove(at: index) }
        order.append(etag)
    }
}
