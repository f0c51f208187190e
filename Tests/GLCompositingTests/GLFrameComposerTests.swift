import Compositing
import GLCompositing
import GLRendering
import Geometry
import XCTest

/// GLFrameComposer against pixman's FrameComposer on the surfaceless EGL display
/// (Mesa's software rasteriser): the same operations give the same pixels within
/// 1 per channel, whole and within a damage region (pixels outside it untouched).
final class GLFrameComposerTests: XCTestCase {
    private var context: GLContext!
    private let width = 64
    private let height = 48

    override func setUpWithError() throws {
        do {
            context = try GLContext(display: GLDisplay())
        } catch {
            throw XCTSkip("no surfaceless EGL here: \(error)")
        }
    }

    /// An opaque fill, a translucent one, and a cairo ellipse drawn whole and at 0.6 opacity, clipped.
    private func operations(memory: (any SurfaceMemory)? = nil) -> [DrawOperation] {
        let surface = DrawingSurface(pixelWidth: 20, pixelHeight: 14, scale: 1, memory: memory)
        surface.setColor(PixelColor(red: 0.9, green: 0.1, blue: 0.3, alpha: 1))
        surface.fillEllipse(x: 1, y: 1, width: 18, height: 12)
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        return [
            .fill(frame, color: PixelColor(red: 0.1, green: 0.2, blue: 0.5, alpha: 1), clip: frame),
            .fill(
                PixelRect(x: 5, y: 6, width: 40, height: 20), color: PixelColor(red: 1, green: 1, blue: 1, alpha: 0.3),
                clip: PixelRect(x: 0, y: 0, width: 30, height: 48)),
            .image(surface, x: 10, y: 10, opacity: 1, clip: frame),
            .image(surface, x: 33, y: 25, opacity: 0.6, clip: PixelRect(x: 0, y: 0, width: 45, height: 48)),
        ]
    }

    private func pixman(_ operations: [DrawOperation]) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBytes { bytes in
            FrameComposer.compose(
                operations, into: bytes.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
        }
        return pixels
    }

    private func read(_ framebuffer: GLFramebuffer) throws -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        try pixels.withUnsafeMutableBytes { bytes in
            try framebuffer.readPixels(into: bytes.baseAddress!, bytesPerRow: width * 4)
        }
        return pixels
    }

    private func assertWithinRounding(_ shown: [UInt32], _ expected: [UInt32], _ what: String) {
        for (index, (a, b)) in zip(shown, expected).enumerated() {
            let close = stride(from: 0, to: 24, by: 8).allSatisfy { shift in
                abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)) <= 1
            }
            guard close else {
                XCTFail(
                    "\(what): pixel (\(index % width), \(index / width)) is \(String(a & 0xFF_FFFF, radix: 16)), "
                        + "pixman gives \(String(b & 0xFF_FFFF, radix: 16))")
                return
            }
        }
    }

    /// Composes `operations` within `damage` over a frame composed all red before, and
    /// fails if a pixel outside the damage changed. Returns the frame and the indices
    /// of the damaged pixels.
    private func composeOverRed(_ operations: [DrawOperation], damage: [PixelRect]) throws -> (
        shown: [UInt32], inside: [Int]
    ) {
        let composer = try GLFrameComposer(context: context)
        let target = try GLFramebuffer(context: context, width: width, height: height)
        let red = PixelRect(x: 0, y: 0, width: width, height: height)
        try composer.compose(
            [.fill(red, color: PixelColor(red: 1, green: 0, blue: 0, alpha: 1), clip: red)], into: target,
            region: .full(width: width, height: height))
        try composer.compose(operations, into: target, region: DamageRegion(damage))
        let shown = try read(target)
        var inside: [Int] = []
        var redrawn: [String] = []
        for y in 0..<height {
            for x in 0..<width {
                if damage.contains(where: { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }) {
                    inside.append(y * width + x)
                } else if shown[y * width + x] & 0xFF_FFFF != 0xFF_0000 {
                    redrawn.append("(\(x), \(y))")
                }
            }
        }
        XCTAssertEqual(redrawn.prefix(5), [], "outside the damage redrawn (\(redrawn.count) pixels)")
        return (shown, inside)
    }

    func testAWholeFrameMatchesPixman() throws {
        let operations = operations()
        XCTAssertTrue(GLFrameComposer.canCompose(operations))
        let composer = try GLFrameComposer(context: context)
        let target = try GLFramebuffer(context: context, width: width, height: height)
        try composer.compose(operations, into: target, region: .full(width: width, height: height))
        let shown = try read(target)
        let expected = pixman(operations)
        assertWithinRounding(shown, expected, "whole frame")
        XCTAssertEqual(shown[0] & 0xFF_FFFF, expected[0] & 0xFF_FFFF, "an opaque fill is the same bytes")
    }

    func testOnlyTheDamageIsRedrawn() throws {
        let (shown, inside) = try composeOverRed(operations(), damage: [PixelRect(x: 8, y: 4, width: 30, height: 20)])
        let expected = pixman(operations())
        assertWithinRounding(inside.map { shown[$0] }, inside.map { expected[$0] }, "the damage")
    }

    func testSurfacesInOrdinaryMemoryAreUploadedAndCounted() throws {
        let composer = try GLFrameComposer(context: context)
        let target = try GLFramebuffer(context: context, width: width, height: height)
        try composer.compose(operations(), into: target, region: .full(width: width, height: height))
        // Two draws of the 20x14 surface: whole, and clipped to 45 - 33 = 12 columns.
        XCTAssertEqual(
            composer.contentStatistics,
            GLFrameComposer.ContentStatistics(
                surfacesImported: 0, surfacesUploaded: 2, bytesUploaded: (20 + 12) * 14 * 4))
        XCTAssertNil(composer.importFailure)
    }

    /// Memory that claims to be a dmabuf but is a plain file (no card here): the import
    /// fails once, is not tried again, and the content is uploaded and drawn right.
    func testAFailedImportFallsBackToUploadingOnce() throws {
        let memory = try FakeDMABufMemory(width: 20, height: 14)
        let composer = try GLFrameComposer(context: context)
        let target = try GLFramebuffer(context: context, width: width, height: height)
        let operations = operations(memory: memory)
        try composer.compose(operations, into: target, region: .full(width: width, height: height))
        let failure = try XCTUnwrap(composer.importFailure, "a plain file is no importable dmabuf")
        XCTAssertNil(memory.importedTexture)
        XCTAssertEqual(composer.contentStatistics.surfacesImported, 0)
        XCTAssertEqual(composer.contentStatistics.surfacesUploaded, 2)
        assertWithinRounding(try read(target), pixman(operations), "uploaded after the failed import")
        try composer.compose(operations, into: target, region: .full(width: width, height: height))
        XCTAssertEqual(composer.importFailure, failure, "not tried again")
        XCTAssertEqual(composer.contentStatistics.surfacesUploaded, 4)
    }

    /// What opaque fills above hide is not drawn: the surface under the top fill is
    /// not uploaded at all, the pixels still equal pixman's.
    func testWhatOpaqueFillsHideIsNotDrawn() throws {
        let composer = try GLFrameComposer(context: context)
        let target = try GLFramebuffer(context: context, width: width, height: height)
        let hidden = PixelRect(x: 0, y: 0, width: 40, height: 30)
        let operations =
            operations() + [
                .fill(hidden, color: PixelColor(red: 0.2, green: 0.8, blue: 0.2, alpha: 1), clip: hidden)
            ]
        try composer.compose(operations, into: target, region: .full(width: width, height: height))
        // The whole 20x14 draw at (10, 10) is hidden; of the one at (33, 25), clipped to
        // 12 columns, two parts show: right of the fill (40..<45 × 25..<30) and below
        // it (33..<45 × 30..<39), each drawn on its own.
        XCTAssertEqual(
            composer.contentStatistics,
            GLFrameComposer.ContentStatistics(
                surfacesImported: 0, surfacesUploaded: 2, bytesUploaded: (5 * 5 + 12 * 9) * 4))
        assertWithinRounding(try read(target), pixman(operations), "with hidden operations")
    }

    /// A translucent group turned by 30° and scaled 1.4 about (32, 24), holding a fill
    /// and a surface in source coordinates, over the background, clipped to `bounds`.
    private func transformedOperations(
        transform: CGAffineTransform = CGAffineTransform(translationX: 32, y: 24).rotated(by: .pi / 6)
            .scaledBy(x: 1.4, y: 1.4).translatedBy(x: -32, y: -24),
        nested: Bool = false
    ) -> (operations: [DrawOperation], source: PixelRect, transform: CGAffineTransform) {
        let surface = DrawingSurface(pixelWidth: 20, pixelHeight: 14, scale: 1)
        surface.setColor(PixelColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 1))
        surface.fillEllipse(x: 1, y: 1, width: 18, height: 12)
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let source = PixelRect(x: 16, y: 12, width: 32, height: 24)
        var operations = operations()
        if nested { operations.append(.beginGroup(opacity: 0.8, bounds: PixelRect(x: 4, y: 2, width: 56, height: 44))) }
        operations += [
            .beginTransformedGroup(
                opacity: 0.75, source: source, transform: transform,
                bounds: PixelRect(x: 2, y: 0, width: 60, height: 46)),
            .fill(source, color: PixelColor(red: 0.2, green: 0.7, blue: 0.9, alpha: 1), clip: frame),
            .image(surface, x: 22, y: 16, opacity: 1, clip: frame),
            .fill(
                PixelRect(x: 36, y: 28, width: 20, height: 20),
                color: PixelColor(red: 1, green: 0, blue: 0, alpha: 0.5),
                clip: frame),
            .endGroup,
        ]
        if nested { operations.append(.endGroup) }
        return (operations, source, transform)
    }

    /// GL's filtering of a transformed group against pixman's bilinear filter: within
    /// 2 per channel where a pixel's centre maps more than 1.5 source pixels from the
    /// content's edge (the shader weighs as pixman does, but its float coordinates can
    /// fall on the other side of a 1/128 step than pixman's 16.16 ones, and nested
    /// groups round twice); at the edge, where pixman blends with transparency outside
    /// its image and GL covers whole pixels only, a few pixels may differ more.
    private func assertBilinearMatch(
        _ shown: [UInt32], _ expected: [UInt32], source: PixelRect, transform: CGAffineTransform, _ what: String,
        only pixels: ((Int, Int) -> Bool)? = nil
    ) {
        let inverse = transform.inverted()
        var edgeDifferences = 0
        var interiorChecked = 0
        var largest = (interior: 0, edge: 0)
        for y in 0..<height {
            for x in 0..<width where pixels?(x, y) ?? true {
                let a = shown[y * width + x]
                let b = expected[y * width + x]
                var difference = 0
                for shift: UInt32 in [0, 8, 16] {
                    let channelA = Int((a >> shift) & 0xFF)
                    let channelB = Int((b >> shift) & 0xFF)
                    difference = max(difference, abs(channelA - channelB))
                }
                let point = CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5).applying(inverse)
                let distance = min(
                    abs(point.x - CGFloat(source.x)), abs(point.x - CGFloat(source.maxX)),
                    abs(point.y - CGFloat(source.y)), abs(point.y - CGFloat(source.maxY)))
                if distance < 1.5 {
                    if difference > 2 { edgeDifferences += 1 }
                    largest.edge = max(largest.edge, difference)
                    continue
                }
                interiorChecked += 1
                largest.interior = max(largest.interior, difference)
                if difference > 2 {
                    return XCTFail(
                        "\(what): pixel (\(x), \(y)) is \(String(a & 0xFF_FFFF, radix: 16)), "
                            + "pixman gives \(String(b & 0xFF_FFFF, radix: 16))")
                }
            }
        }
        print(
            "\(what): \(interiorChecked) pixels within \(largest.interior) of pixman's, "
                + "edge pixels within \(largest.edge), \(edgeDifferences) of them beyond 2")
        XCTAssertGreaterThan(interiorChecked, 0)
        XCTAssertLessThanOrEqual(edgeDifferences, 12, "\(what): few edge pixels differ by more than 2")
    }

    func testATransformedGroupMatchesPixmansBilinearResult() throws {
        let (operations, source, transform) = transformedOperations()
        XCTAssertTrue(GLFrameComposer.canCompose(operations))
        let composer = try GLFrameComposer(context: context)
        let target = try GLFramebuffer(context: context, width: width, height: height)
        try composer.compose(operations, into: target, region: .full(width: width, height: height))
        let shown = try read(target)
        let expected = pixman(operations)
        assertBilinearMatch(shown, expected, source: source, transform: transform, "turned and scaled")
        XCTAssertNotEqual(shown, pixman(self.operations()), "the group is drawn")
    }

    func testATransformedGroupInsideATranslucentOneMatchesPixman() throws {
        // Scaled 2.5 times about the source's corner (a content mode), inside an alpha group.
        let (operations, source, transform) = transformedOperations(
            transform: CGAffineTransform(translationX: 16, y: 12).scaledBy(x: 2.5, y: 1.5).translatedBy(x: -16, y: -12),
            nested: true)
        let composer = try GLFrameComposer(context: context)
        let target = try GLFramebuffer(context: context, width: width, height: height)
        try composer.compose(operations, into: target, region: .full(width: width, height: height))
        assertBilinearMatch(
            try read(target), pixman(operations), source: source, transform: transform, "scaled, nested")
    }

    /// Within a damage crossing the transformed group: drawn only there, the rest untouched.
    func testATransformedGroupPartlyOutsideTheDamage() throws {
        let (operations, source, transform) = transformedOperations()
        let damage = [PixelRect(x: 0, y: 20, width: 30, height: 10), PixelRect(x: 36, y: 2, width: 20, height: 40)]
        let (shown, _) = try composeOverRed(operations, damage: damage)
        func damaged(_ x: Int, _ y: Int) -> Bool {
            damage.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
        }
        assertBilinearMatch(
            shown, pixman(operations), source: source, transform: transform, "within a damage", only: damaged)
    }

    func testGroupsOfBothKindsCanBeComposed() {
        let bounds = PixelRect(x: 0, y: 0, width: 4, height: 4)
        XCTAssertTrue(GLFrameComposer.canCompose([.beginGroup(opacity: 0.5, bounds: bounds), .endGroup]))
        XCTAssertTrue(
            GLFrameComposer.canCompose([
                .beginTransformedGroup(opacity: 1, source: bounds, transform: .identity, bounds: bounds), .endGroup,
            ]))
    }

    /// A translucent panel over the background: its opaque fill and the surface on it
    /// are drawn together and blended as one (the fill does not show through the
    /// surface's transparent corners), partly clipped by the group's bounds.
    private func groupOperations(nested: Bool) -> [DrawOperation] {
        let surface = DrawingSurface(pixelWidth: 20, pixelHeight: 14, scale: 1)
        surface.setColor(PixelColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 1))
        surface.fillEllipse(x: 1, y: 1, width: 18, height: 12)
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let panel = PixelRect(x: 6, y: 5, width: 44, height: 34)
        var operations = operations()
        operations += [
            .beginGroup(opacity: 0.55, bounds: panel),
            .fill(
                PixelRect(x: 2, y: 3, width: 40, height: 30),
                color: PixelColor(red: 0.2, green: 0.7, blue: 0.9, alpha: 1),
                clip: frame),
            .image(surface, x: 30, y: 20, opacity: 1, clip: frame),
        ]
        if nested {
            let inner = PixelRect(x: 12, y: 12, width: 30, height: 40)
            operations += [
                .beginGroup(opacity: 0.7, bounds: inner),
                .fill(inner, color: PixelColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1), clip: frame),
                .beginGroup(opacity: 0.4, bounds: PixelRect(x: 20, y: 8, width: 30, height: 20)),
                .fill(frame, color: PixelColor(red: 0.1, green: 0.9, blue: 0.2, alpha: 0.8), clip: frame),
                .endGroup,
                .image(surface, x: 15, y: 25, opacity: 0.5, clip: frame),
                .endGroup,
            ]
        }
        operations += [
            .fill(
                PixelRect(x: 40, y: 30, width: 6, height: 6), color: PixelColor(red: 1, green: 1, blue: 1, alpha: 0.5),
                clip: frame),
            .endGroup,
            // Over the group: covers part of it (culled there, as at the top level).
            .fill(
                PixelRect(x: 44, y: 0, width: 20, height: 10),
                color: PixelColor(red: 0.3, green: 0.3, blue: 0.3, alpha: 1),
                clip: frame),
        ]
        return operations
    }

    func testATranslucentGroupMatchesPixman() throws {
        let operations = groupOperations(nested: false)
        XCTAssertTrue(GLFrameComposer.canCompose(operations))
        let composer = try GLFrameComposer(context: context)
        let target = try GLFramebuffer(context: context, width: width, height: height)
        try composer.compose(operations, into: target, region: .full(width: width, height: height))
        let shown = try read(target)
        let expected = pixman(operations)
        assertWithinRounding(shown, expected, "a translucent group")
        // The panel's fill at (10, 8) is blended with the background, so neither colour is there as is.
        XCTAssertNotEqual(shown[8 * width + 10] & 0xFF_FFFF, expected[0] & 0xFF_FFFF, "the group is drawn")
    }

    func testNestedGroupsMatchPixman() throws {
        let operations = groupOperations(nested: true)
        let composer = try GLFrameComposer(context: context)
        let target = try GLFramebuffer(context: context, width: width, height: height)
        try composer.compose(operations, into: target, region: .full(width: width, height: height))
        assertWithinRounding(try read(target), pixman(operations), "nested groups")
        // Again into the same textures (kept from the first frame): the same pixels.
        try composer.compose(operations, into: target, region: .full(width: width, height: height))
        assertWithinRounding(try read(target), pixman(operations), "nested groups, second frame")
    }

    /// A damage crossing the group's edge (two rectangles, one of them partly over it):
    /// the group is drawn and blended only there, everything else keeps the old pixels.
    func testAGroupPartlyOutsideTheDamage() throws {
        let operations = groupOperations(nested: true)
        let (shown, inside) = try composeOverRed(
            operations,
            damage: [PixelRect(x: 0, y: 20, width: 24, height: 10), PixelRect(x: 40, y: 2, width: 20, height: 40)])
        let expected = pixman(operations)
        assertWithinRounding(inside.map { shown[$0] }, inside.map { expected[$0] }, "the damage")
    }
}

/// A temporary file mapped as surface memory, posing as a dmabuf: what an import that the
/// driver refuses looks like. One owner of the descriptor and mapping.
private final class FakeDMABufMemory: DMABufSurfaceMemory {
    let pixels: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let dmabufFD: Int32
    let format: UInt32 = 0x3432_5241  // ARGB8888, 'AR24'
    var importedTexture: GLImportedTexture?
    private let size: Int

    init(width: Int, height: Int) throws {
        bytesPerRow = width * 4
        size = bytesPerRow * height
        var template = Array("/tmp/fake-dmabuf-XXXXXX".utf8CString)
        dmabufFD = mkstemp(&template)
        if dmabufFD >= 0 { unlink(template) }
        guard dmabufFD >= 0, ftruncate(dmabufFD, off_t(size)) == 0,
            let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, dmabufFD, 0), mapping != MAP_FAILED
        else { throw XCTSkip("no temporary file here") }
        pixels = mapping
    }

    deinit {
        munmap(pixels, size)
        close(dmabufFD)
    }
}
