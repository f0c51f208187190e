// Parsing from Foundation's Data.
import Foundation

extension EDIDInfo {
    /// Parses an EDID blob held in `data`; see ``init(bytes:)``.
    package init(data: Data) {
        self.init(bytes: [UInt8](data))
    }
}
