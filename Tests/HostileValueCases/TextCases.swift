// Hostile-value cases: NUL and control characters, long unbroken words, labels wider than a surface.
import DirectDisplay
import Foundation

extension HostileCase {
    static let textCases: [HostileCase] = []
}
