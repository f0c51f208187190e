import Foundation

/// The log of non-finite values the public setters refuse (a view's geometry,
/// transform, alpha and background colour, `setNeedsDisplay(_:)`): one line per
/// property and view type, so a layout that computes NaN every frame says so once.
@MainActor enum NonFiniteValueLog {
    private struct Key: Hashable {
        let property: String
        let type: ObjectIdentifier
    }

    /// The properties of types already logged.
    private static var logged: Set<Key> = []

    /// `value`, given to `property` of `object`, was refused; logged the first time
    /// for this property and type. `kept` says what happened instead; `what` says what
    /// is wrong with the value (a finite one can be refused too, e.g. a negative height).
    static func refused(
        _ property: String, of object: AnyObject, value: Any, kept: String = "it keeps its last value",
        what: String = "non-finite"
    ) {
        let type: any AnyObject.Type = Swift.type(of: object)
        guard logged.insert(Key(property: property, type: ObjectIdentifier(type))).inserted else { return }
        StderrLog.info(
            "\(type).\(property) refused the \(what) value \(value): \(kept) (said once per name and type)")
    }

    /// Forgets what was logged (Application.reset, between tests).
    static func reset() { logged = [] }
}

extension CGPoint {
    /// Whether both coordinates are finite (neither NaN nor infinite).
    package var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGSize {
    /// Whether both sides are finite (neither NaN nor infinite).
    package var isFinite: Bool { width.isFinite && height.isFinite }
}

extension CGRect {
    /// Whether origin and size are finite (neither NaN nor infinite).
    package var isFinite: Bool { origin.isFinite && size.isFinite }
}

extension CGAffineTransform {
    /// Whether every entry is finite (neither NaN nor infinite).
    package var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}
