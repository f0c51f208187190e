import Foundation
import Geometry

/// Where every row and section header of a plain table is, top to bottom: sections one after
/// another, each a header then its rows. Rows are numbered across sections ("global" rows) so
/// their tops are one sorted array: the row at an offset is a binary search (O(log n)), and
/// 100,000 rows of any heights take two arrays of 100,000 numbers.
struct TableRowGeometry {
    /// Rows of each section.
    private(set) var rowCounts: [Int] = []
    /// The global number of each section's first row; one more entry: the number of rows.
    private(set) var firstRows: [Int] = [0]
    /// The top of each section (its header); one more entry: the height of everything.
    private(set) var sectionTops: [CGFloat] = [0]
    /// The height of each section's header (0: none).
    private(set) var headerHeights: [CGFloat] = []
    /// Top and height of each row, by global number.
    private(set) var rowTops: [CGFloat] = []
    private(set) var rowHeights: [CGFloat] = []

    init() {}

    /// `rowHeight(section, row)` gives each row's height and `headerHeight(section)` each
    /// header's, both already valid (finite, not negative).
    init(rowCounts: [Int], headerHeight: (Int) -> CGFloat, rowHeight: (Int, Int) -> CGFloat) {
        self.rowCounts = rowCounts
        let total = rowCounts.reduce(0, +)
        firstRows.reserveCapacity(rowCounts.count + 1)
        sectionTops.reserveCapacity(rowCounts.count + 1)
        headerHeights.reserveCapacity(rowCounts.count)
        rowTops.reserveCapacity(total)
        rowHeights.reserveCapacity(total)
        var y: CGFloat = 0
        for (section, count) in rowCounts.enumerated() {
            let header = headerHeight(section)
            headerHeights.append(header)
            y += header
            for row in 0..<count {
                let height = rowHeight(section, row)
                rowTops.append(y)
                rowHeights.append(height)
                y += height
            }
            firstRows.append(rowTops.count)
            sectionTops.append(y)
        }
    }

    var numberOfSections: Int { rowCounts.count }
    var numberOfRows: Int { rowTops.count }
    /// The height of all sections.
    var height: CGFloat { sectionTops.last ?? 0 }

    /// The global number of `indexPath`'s row, nil when it is not a row of the table.
    func globalRow(_ indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2 else { return nil }
        let section = indexPath.section
        let row = indexPath.row
        guard section >= 0, section < rowCounts.count, row >= 0, row < rowCounts[section] else { return nil }
        return firstRows[section] + row
    }

    /// The index path of global row `row` (0 ≤ row < numberOfRows).
    func indexPath(ofGlobalRow row: Int) -> IndexPath {
        // The last section starting at or before the row: empty sections start where the next does.
        // (firstRows ends with the row count: not a section.)
        let section = firstRows.dropLast().lastIndex(withKeyAtMost: row) { $0 }
        return IndexPath(row: row - firstRows[section], section: section)
    }

    /// The rectangle of global row `row` for a table `width` wide.
    func rect(ofGlobalRow row: Int, width: CGFloat) -> CGRect {
        CGRect(x: 0, y: rowTops[row], width: width, height: rowHeights[row])
    }

    /// The first global row whose bottom is below `y` (numberOfRows when none).
    private func firstRow(endingBelow y: CGFloat) -> Int {
        var low = 0
        var high = rowTops.count
        while low < high {
            let mid = (low + high) / 2
            if rowTops[mid] + rowHeights[mid] > y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The first global row starting at or below `y` (numberOfRows when none).
    private func firstRow(startingAtOrBelow y: CGFloat) -> Int {
        var low = 0
        var high = rowTops.count
        while low < high {
            let mid = (low + high) / 2
            if rowTops[mid] >= y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The global rows that show between `minY` and `maxY` (some part of them, not just an edge).
    func rows(from minY: CGFloat, to maxY: CGFloat) -> Range<Int> {
        let first = firstRow(endingBelow: minY)
        let end = max(firstRow(startingAtOrBelow: maxY), first)
        return first..<end
    }

    /// The global row containing `y`, nil in a header, above or below the rows.
    func globalRow(at y: CGFloat) -> Int? {
        let row = firstRow(endingBelow: y)
        guard row < rowTops.count, rowTops[row] <= y else { return nil }
        return row
    }

    /// The sections some part of which shows between `minY` and `maxY`.
    func sections(from minY: CGFloat, to maxY: CGFloat) -> Range<Int> {
        var first = 0
        var high = rowCounts.count
        while first < high {
            let mid = (first + high) / 2
            if sectionTops[mid + 1] > minY { high = mid } else { first = mid + 1 }
        }
        var end = first
        while end < rowCounts.count, sectionTops[end] < maxY { end += 1 }
        return first..<end
    }
}
