import Foundation

// swift-corelibs-foundation (Linux) has CGPoint, CGSize and CGRect but no
// CoreGraphics, so no CGAffineTransform: this is it, with CoreGraphics' names and
// arithmetic. Where CoreGraphics exists (Apple platforms) its own is used.
#if !canImport(CoreGraphics)

    /// An affine transform of the plane, as CoreGraphics' `CGAffineTransform`: a
    /// point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty). In y-down view
    /// coordinates a positive rotation angle turns clockwise on screen, as in UIKit.
    public struct CGAffineTransform: Hashable, Sendable {
        public var a: CGFloat
        public var b: CGFloat
        public var c: CGFloat
        public var d: CGFloat
        public var tx: CGFloat
        public var ty: CGFloat

        public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.tx = tx
            self.ty = ty
        }

        /// The identity.
        public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

        /// The transform that changes nothing.
        public static let identity = CGAffineTransform()

        /// Scales x by `sx` and y by `sy` about the origin.
        public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

        /// Rotates by `angle` radians about the origin.
        public init(rotationAngle angle: CGFloat) {
            let cosine = cos(angle)
            let sine = sin(angle)
            self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
        }

        /// Moves by (`tx`, `ty`).
        public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

        /// Whether this is the identity.
        public var isIdentity: Bool { self == .identity }

        /// This transform followed by `t2` (a point is mapped by self, then by `t2`).
        public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
            CGAffineTransform(
                a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
        }

        /// A scale by (`sx`, `sy`) applied before this transform.
        public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
            CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
        }

        /// A rotation by `angle` radians applied before this transform.
        public func rotated(by angle: CGFloat) -> CGAffineTransform {
            CGAffineTransform(rotationAngle: angle).concatenating(self)
        }

        /// A translation by (`tx`, `ty`) applied before this transform.
        public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
            CGAffineTransform(translationX: tx, y: ty).concatenating(self)
        }

        /// The transform that undoes this one; a transform that cannot be undone
        /// (it flattens the plane) is returned unchanged, as CoreGraphics does.
        public func inverted() -> CGAffineTransform {
            let determinant = a * d - b * c
            guard determinant != 0, determinant.isFinite else { return self }
            return CGAffineTransform(
                a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
                tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
        }
    }

    extension CGPoint {
        /// The point mapped by `t`.
        public func applying(_ t: CGAffineTransform) -> CGPoint {
            CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
        }
    }

    extension CGSize {
        /// The size mapped by `t`'s linear part (translation does not move a size);
        /// components may come out negative, as in CoreGraphics.
        public func applying(_ t: CGAffineTransform) -> CGSize {
            CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
        }
    }

    extension CGRect {
        /// The smallest rectangle holding this rectangle's corners mapped by `t`
        /// (the bounding box); a null rectangle stays null.
        public func applying(_ t: CGAffineTransform) -> CGRect {
            guard !isNull else { return self }
            // The four corners without arrays (three per call showed in the profile of a
            // turned view's frame, which maps its boxes several times).
            let (left, right, top, bottom) = (minX, maxX, minY, maxY)
            let topLeft = CGPoint(x: left, y: top).applying(t)
            let topRight = CGPoint(x: right, y: top).applying(t)
            let bottomLeft = CGPoint(x: left, y: bottom).applying(t)
            let bottomRight = CGPoint(x: right, y: bottom).applying(t)
            let x0 = Swift.min(Swift.min(topLeft.x, topRight.x), Swift.min(bottomLeft.x, bottomRight.x))
            let y0 = Swift.min(Swift.min(topLeft.y, topRight.y), Swift.min(bottomLeft.y, bottomRight.y))
            let x1 = Swift.max(Swift.max(topLeft.x, topRight.x), Swift.max(bottomLeft.x, bottomRight.x))
            let y1 = Swift.max(Swift.max(topLeft.y, topRight.y), Swift.max(bottomLeft.y, bottomRight.y))
            return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

#endif
