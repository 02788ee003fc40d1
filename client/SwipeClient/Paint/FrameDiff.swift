#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import SwipeClientCore
#endif

/// A horizontal run of cells to draw, starting at a cell that is not a continuation.
///
/// ```swift
/// let run = FrameRun(row: 3, column: 10, cells: [Cell(grapheme: "A")])
/// ```
public struct FrameRun: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var cells: [Cell]

    /// Creates a run.
    ///
    /// ```swift
    /// let run = FrameRun(row: 0, column: 0, cells: [.blank])
    /// ```
    public init(row: Int, column: Int, cells: [Cell]) {
        self.row = row
        self.column = column
        self.cells = cells
    }
}

/// The minimal list of runs that turns one frame into the next. A size change (or no previous
/// frame) repaints every row. Runs never split a wide grapheme; nearby changes (gap ≤ 2 cells)
/// join into one run.
///
/// ```swift
/// let runs = FrameDiff.runs(from: previous, to: next)
/// runs.isEmpty   // nothing to draw when the frames are equal
/// ```
public enum FrameDiff {
    /// The runs that turn `old` (nil: an unknown screen) into `new`.
    ///
    /// ```swift
    /// FrameDiff.runs(from: nil, to: Frame(size: TermSize(columns: 80, rows: 24))).count   // 24
    /// ```
    public static func runs(from old: Frame?, to new: Frame) -> [FrameRun] {
        let size = new.size
        let width = size.columns
        guard let old, old.size == size else {
            return (0..<size.rows).map { row in
                FrameRun(row: row, column: 0, cells: Array(new.cells[(row * width)..<((row + 1) * width)]))
            }
        }
        var runs: [FrameRun] = []
        old.cells.withUnsafeBufferPointer { before in
            new.cells.withUnsafeBufferPointer { after in
                var spans: [(Int, Int)] = []
                let rowBytes = width * MemoryLayout<Cell>.stride
                for row in 0..<size.rows {
                    let base = row * width
                    // Byte-identical rows are equal (the usual case); other rows are compared cell by cell.
                    if let a = before.baseAddress, let b = after.baseAddress, memcmp(a + base, b + base, rowBytes) == 0 { continue }
                    spans.removeAll(keepingCapacity: true)
                    for column in 0..<width where before[base + column] != after[base + column] {
                        var start = column
                        if after[base + start].isContinuation { start = max(0, start - 1) }
                        var end = column
                        if end + 1 < width, after[base + end + 1].isContinuation { end += 1 }
                        if let last = spans.last, start <= last.1 + 3 {
                            spans[spans.count - 1].1 = max(last.1, end)
                        } else {
                            spans.append((start, end))
                        }
                    }
                    for (start, end) in spans {
                        runs.append(FrameRun(row: row, column: start, cells: Array(after[(base + start)...(base + end)])))
                    }
                }
            }
        }
        return runs
    }
}
