extension RandomAccessCollection where Index == Int {
    /// In a collection sorted by `key`, the index of the last element whose key is
    /// at most `value` (a binary search); the first index when none is, and the
    /// start index of an empty collection.
    @inlinable
    package func lastIndex<Key: Comparable>(withKeyAtMost value: Key, _ key: (Element) -> Key) -> Int {
        var low = startIndex
        var high = endIndex - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if key(self[middle]) <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
