// Hostile-value cases: decompression bombs, truncated and random image data.
import DirectDisplay
import Foundation

extension HostileCase {
    static let imageCases: [HostileCase] = []
}
