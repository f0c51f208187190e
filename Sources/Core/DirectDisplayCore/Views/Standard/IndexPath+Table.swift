import Foundation

/// UIKit's row and section of an index path: Foundation on Linux has only the generic
/// index path, so the table's two-index form is added here. A path of fewer than two
/// indices has no row or section (-1: out of range for every table, never a crash).
extension IndexPath {
    /// An index path of two indices, `section` then `row`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The first index, the section (-1 for an empty path).
    public var section: Int {
        get { count > 0 ? self[0] : -1 }
        set {
            if count == 0 { self = IndexPath(indexes: [newValue, -1]) } else { self[0] = newValue }
        }
    }

    /// The second index, the row in its section (-1 for a path of fewer than two indices).
    public var row: Int {
        get { count > 1 ? self[1] : -1 }
        set {
            if count > 1 {
                self[1] = newValue
            } else {
                self = IndexPath(indexes: [count > 0 ? self[0] : -1, newValue])
            }
        }
    }
}
