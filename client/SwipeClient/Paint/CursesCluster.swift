/// The code points of one cell as ncurses can hold them. A `cchar_t` keeps at most
/// `CCHARW_MAX` (5) code points, and `setcchar` keeps only the first spacing one (so it cut
/// `👩‍👩‍👧` to `👩‍` and dropped skin tones): the painter fills the cell itself with these.
/// A longer cluster is cut deliberately at the last joiner boundary that fits, without a dangling
/// U+200D (a family of four becomes the family of three it starts with); a cluster without a
/// joiner keeps its first five code points.
///
/// ```swift
/// CursesCluster.codePoints("👍🏽")              // [0x1F44D, 0x1F3FD]
/// CursesCluster.codePoints("👨‍👩‍👧‍👦").count      // 5: 👨‍👩‍👧
/// CursesCluster.codePoints("")                  // [0x20]
/// ```
enum CursesCluster {
    /// ncurses' `CCHARW_MAX` on Debian's ncursesw.
    static let maxCodePoints = 5
    static let zeroWidthJoiner: UInt32 = 0x200D

    static func codePoints(_ grapheme: String) -> [UInt32] {
        let all = grapheme.unicodeScalars.map(\.value)
        guard !all.isEmpty else { return [0x20] }
        guard all.count > maxCodePoints else { return all }
        let joiners = all.indices.filter { all[$0] == zeroWidthJoiner && $0 <= maxCodePoints }
        if let cut = joiners.last, cut > 0 { return Array(all[..<cut]) }
        return Array(all.prefix(maxCodePoints))
    }
}
