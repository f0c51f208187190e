/// libinput's calibration matrix: the first two rows of a 3×3 affine matrix
/// applied to absolute coordinates normalised to the device's range,
/// `x' = a·x + b·y + c`, `y' = d·x + e·y + f`.
///
/// libinput applies it before it scales coordinates, so every ``TouchPointEvent``
/// and ``PointerAbsoluteMotionEvent`` already carries it: callers never apply it
/// a second time. ``apply(x:y:)`` exists for tests and for explaining a matrix.
public struct CalibrationMatrix: Sendable, Hashable, CustomStringConvertible {
    /// a, b, c, d, e, f in libinput's order.
    public var values: [Float]

    public static let identity = CalibrationMatrix([1, 0, 0, 0, 1, 0])
    /// The device is mounted rotated; libinput's matrices for 90°, 180° and 270° clockwise.
    public static let rotated90 = CalibrationMatrix([0, -1, 1, 1, 0, 0])
    public static let rotated180 = CalibrationMatrix([-1, 0, 1, 0, -1, 1])
    public static let rotated270 = CalibrationMatrix([0, 1, 0, -1, 0, 1])

    /// Six values a, b, c, d, e, f; any other count gives the identity.
    public init(_ values: [Float]) {
        self.values = values.count == 6 ? values : [1, 0, 0, 0, 1, 0]
    }

    /// The matrix applied to a point in 0…1 device coordinates.
    package func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        let m = values.map(Double.init)
        return (m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5])
    }

    public var description: String {
        "[\(values[0...2].map { "\($0)" }.joined(separator: " ")); \(values[3...5].map { "\($0)" }.joined(separator: " "))]"
    }
}
