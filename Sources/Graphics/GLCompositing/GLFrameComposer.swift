import CGLES
import Compositing
import Foundation
import GLRendering
import Geometry

/// Composes a frame's draw operations with OpenGL ES into a draw target (a GBM
/// buffer the card scans out, or the back buffer of a window surface on one): fills
/// as coloured quads, surfaces as textured quads, blended OVER with premultiplied
/// alpha, each limited by its clip and the damage through the scissor. Pixels
/// outside the damage are left as they are (the caller tracks each buffer's age).
/// Colours go through 8 bits as pixman's do, so a frame matches FrameComposer's
/// within rounding of blended pixels. A group is drawn into a texture (within the
/// damage), cleared transparent, and that is blended OVER with the group's opacity:
/// an alpha group (`beginGroup`) pixel for pixel, a transformed one as a quad mapped
/// by its transform, filtered in the shader as pixman's bilinear filter is (its 7-bit
/// weights: GL_LINEAR's differ by up to 5 per channel along sharp edges).
///
/// A surface whose memory is a dmabuf (``DMABufSurfaceMemory``) is imported once as a
/// texture kept by that memory and sampled in place: a redraw of it reaches GL with no
/// copy. Any other surface, or all of them once an import failed (no
/// EGL_EXT_image_dma_buf_import, a driver that refuses the buffer), has the damaged
/// part uploaded per frame (glTexImage2D). The CPU writes a surface only between
/// frames: the caller waits for each frame (glFinish) before drawing views again, so
/// GL never reads memory that is being written.
package final class GLFrameComposer {
    /// How surfaces reached GL, counted since the composer was made.
    package struct ContentStatistics: Equatable, Sendable {
        /// Surface draws sampled from an imported dmabuf (no copy).
        package var surfacesImported = 0
        /// Surface draws uploaded with glTexImage2D.
        package var surfacesUploaded = 0
        /// Bytes those uploads copied.
        package var bytesUploaded = 0

        package init(surfacesImported: Int = 0, surfacesUploaded: Int = 0, bytesUploaded: Int = 0) {
            self.surfacesImported = surfacesImported
            self.surfacesUploaded = surfacesUploaded
            self.bytesUploaded = bytesUploaded
        }

        mutating func add(_ other: ContentStatistics) {
            surfacesImported += other.surfacesImported
            surfacesUploaded += other.surfacesUploaded
            bytesUploaded += other.bytesUploaded
        }
    }

    package private(set) var contentStatistics = ContentStatistics()
    /// The same for the last frame composed only.
    package private(set) var lastFrameContent = ContentStatistics()
    /// Why importing failed, once: from then on every surface is uploaded.
    package private(set) var importFailure: GLError?

    /// Waits until GL has read every surface of the frames composed so far (glFinish),
    /// before the CPU draws into imported memory again.
    package func waitForReads() throws(GLError) {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        try context.makeCurrent()
        glFinish()
    }
    package let context: GLContext
    private let program: GLProgram
    private let viewportSize: GLint
    private let colorUniform: GLint
    private let texturedUniform: GLint
    private let opacityUniform: GLint
    private let filteredRowsUniform: GLint
    private let originUniform: GLint
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    private var texture: GLuint = 0
    /// Where draws go now: the target, or a group's texture, whose top-left pixel is
    /// frame pixel `origin` (for scissors: GL's rows go up from the bottom).
    private var canvas = (origin: (x: 0, y: 0), width: 0, height: 0)
    /// One texture per group nesting depth, kept for the next frames (grown when too small).
    private var groupTextures: [GLGroupTexture] = []
    /// GL_MAX_TEXTURE_SIZE: a group larger (a huge view scaled down) is not drawn.
    private let maxTextureSize: Int

    package init(context: GLContext) throws(GLProgramError) {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        do { try context.makeCurrent() } catch { throw .context(error) }
        program = try GLProgram(context: context, vertexShader: Self.vertexShader, fragmentShader: Self.fragmentShader)
        self.context = context
        viewportSize = program.uniformLocation("viewportSize")
        colorUniform = program.uniformLocation("color")
        texturedUniform = program.uniformLocation("textured")
        opacityUniform = program.uniformLocation("opacity")
        filteredRowsUniform = program.uniformLocation("filteredRows")
        originUniform = program.uniformLocation("origin")
        var limit: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &limit)
        maxTextureSize = Int(limit)
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &vertexBuffer)
        glGenTextures(1, &texture)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let stride = GLsizei(4 * MemoryLayout<Float>.size)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        glEnableVertexAttribArray(1)
        glVertexAttribPointer(
            1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
            UnsafeRawPointer(bitPattern: 2 * MemoryLayout<Float>.size))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_NEAREST)
        }
        for parameter in [GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_CLAMP_TO_EDGE)
        }
        // Uploads give cairo's B, G, R, A bytes as R, G, B, A: swapped back when sampled
        // (an imported ARGB8888 dmabuf is sampled the right way round by itself).
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_R), GL_BLUE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_B), GL_RED)
        unbind()
    }

    /// GLViews share the context and draw with client-side arrays (vertex array 0,
    /// no array buffer): nothing of this composer may stay bound for them.
    private func unbind() {
        glBindVertexArray(0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        glUseProgram(0)
    }

    deinit {
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        guard (try? context.makeCurrent()) != nil else { return }
        glDeleteTextures(1, &texture)
        glDeleteBuffers(1, &vertexBuffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    /// Whether every operation is one this composer draws: all kinds are now (kept so
    /// that callers ask before composing, should a kind be added that GL does not draw).
    package static func canCompose(_ operations: [DrawOperation]) -> Bool {
        operations.allSatisfy {
            switch $0 {
            case .fill, .image, .beginGroup, .beginTransformedGroup, .endGroup: true
            }
        }
    }

    /// Draws `region` of the frame into `target`: opaque black, then the operations
    /// in order. Throws GL's error when a call failed (the frame is then unusable).
    package func compose(_ operations: [DrawOperation], into target: any GLDrawTarget, region: DamageRegion)
        throws(GLError)
    {
        lastFrameContent = ContentStatistics()
        try target.bind()
        // A GLView drawing in the same context may have left these on.
        for capability in [GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE, GL_BLEND] { glDisable(GLenum(capability)) }
        program.use()
        setCanvas(origin: (0, 0), width: target.width, height: target.height)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glEnable(GLenum(GL_SCISSOR_TEST))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        defer {
            glDisable(GLenum(GL_SCISSOR_TEST))
            glDisable(GLenum(GL_BLEND))
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
            unbind()
        }
        // Each operation only where it shows: what opaque fills above it hide is
        // not drawn (overdraw costs a GPU fill rate, and llvmpipe everything).
        let visibility = OperationVisibility(operations, damage: region)
        glClearColor(0, 0, 0, 1)
        for area in visibility.uncovered {
            scissor(area)
            glClear(GLenum(GL_COLOR_BUFFER_BIT))
        }
        for (index, rects) in visibility.visible {
            if Self.startsGroup(operations[index]) {
                try drawGroup(operations, from: index, within: rects, depth: 0)
                continue
            }
            for area in rects { draw(operations[index], within: area) }
        }
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else { throw .gl(call: "composing a frame", code: error) }
    }

    /// Draws a fill or a surface within `area` of the canvas (groups are drawn by `drawGroup`).
    private func draw(_ operation: DrawOperation, within area: PixelRect) {
        switch operation {
        case .fill(let rect, let color, let clip):
            let part = rect.intersection(clip).intersection(area)
            guard !part.isEmpty else { return }
            fill(part, color: color)
        case .image(let surface, let x, let y, let opacity, let clip):
            let bounds = PixelRect(x: x, y: y, width: surface.pixelWidth, height: surface.pixelHeight)
            let part = bounds.intersection(clip).intersection(area)
            guard !part.isEmpty, opacity > 0 else { return }
            draw(surface, at: (x, y), part: part, opacity: opacity)
        case .beginGroup, .beginTransformedGroup, .endGroup:
            return
        }
    }

    /// Draws the group starting at `start` into the texture of its `depth` (cleared
    /// transparent first; everything inside is drawn, only top-level operations are
    /// culled), then blends that OVER the canvas within `rects` with the group's
    /// opacity, as FrameComposer's layers do: an alpha group pixel for pixel, a
    /// transformed one as a quad mapped by its transform, filtered as pixman does. Returns
    /// the index of the group's endGroup (the last operation if it has none).
    @discardableResult
    private func drawGroup(
        _ operations: [DrawOperation], from start: Int, within rects: [PixelRect], depth: Int
    ) throws(GLError) -> Int {
        let extents = rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        // What the group's operations draw (`content`, in their coordinates), the
        // texture's part holding it (`area`), and where it is blended (`placement`).
        let opacity: Double
        let content: PixelRect
        let area: PixelRect
        let placement: PixelRect
        var transform: CGAffineTransform?
        switch operations[start] {
        case .beginGroup(let groupOpacity, let bounds):
            opacity = groupOpacity
            content = bounds.intersection(extents)
            area = content
            placement = content
        case .beginTransformedGroup(let groupOpacity, let source, let groupTransform, let bounds):
            opacity = groupOpacity
            placement = bounds.intersection(extents)
            guard groupTransform.isInvertible, !placement.isEmpty else { return Self.end(of: start, in: operations) }
            // Only the source pixels that reach the placement, plus the filter's reach (as pixman).
            let reach = groupTransform.inverted().boundingBox(of: placement)
            content = source.intersection(reach.outset(by: 1))
            // A transparent margin of 2: the quad spans 1 beyond the content, so that its
            // edges fade to transparent as pixman's (transparent outside its image), and
            // bilinear taps from there stay within what was cleared.
            area = content.outset(by: 2)
            transform = groupTransform
        default:
            return start
        }
        guard !content.isEmpty, !rects.isEmpty, area.width <= maxTextureSize, area.height <= maxTextureSize else {
            return Self.end(of: start, in: operations)
        }
        if groupTextures.count <= depth { groupTextures.append(try GLGroupTexture(context: context)) }
        let layer = groupTextures[depth]
        layer.reserve(width: area.width, height: area.height)
        var parentFramebuffer: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &parentFramebuffer)
        let parent = canvas
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), layer.framebuffer)
        glViewport(0, 0, GLsizei(area.width), GLsizei(area.height))
        setCanvas(origin: (area.x, area.y), width: area.width, height: area.height)
        glClearColor(0, 0, 0, 0)
        scissor(area)
        glClear(GLenum(GL_COLOR_BUFFER_BIT))
        var index = start + 1
        inside: while index < operations.count {
            switch operations[index] {
            case .endGroup:
                break inside
            case .beginGroup, .beginTransformedGroup:
                index = try drawGroup(operations, from: index, within: [content], depth: depth + 1)
            default:
                draw(operations[index], within: content)
            }
            index += 1
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(parentFramebuffer))
        glViewport(0, 0, GLsizei(parent.width), GLsizei(parent.height))
        setCanvas(origin: parent.origin, width: parent.width, height: parent.height)
        glBindTexture(GLenum(GL_TEXTURE_2D), layer.texture)
        // The group's texture holds its top row highest (drawn as the canvas is).
        let (width, height) = (Double(layer.width), Double(layer.height))
        func coordinates(_ x: Double, _ y: Double) -> (Float, Float) {
            (Float((x - Double(area.x)) / width), Float((Double(area.maxY) - y) / height))
        }
        // Corners top-left, top-right, bottom-left, bottom-right: where they go, what they sample.
        let quad: [(position: (Float, Float), texture: (Float, Float))]
        if let transform {
            let edge = content.outset(by: 1)
            quad = [(edge.x, edge.y), (edge.maxX, edge.y), (edge.x, edge.maxY), (edge.maxX, edge.maxY)].map {
                let point = CGPoint(x: CGFloat($0.0), y: CGFloat($0.1)).applying(transform)
                return ((Float(point.x), Float(point.y)), coordinates(Double($0.0), Double($0.1)))
            }
        } else {
            quad = []
        }
        for rect in rects {
            let part = rect.intersection(placement)
            guard !part.isEmpty, opacity > 0 else { continue }
            if transform != nil {
                blend(part, opacity: opacity, quad: quad, filteredRows: area.height)
                continue
            }
            let (s0, t0) = coordinates(Double(part.x), Double(part.y))
            let (s1, t1) = coordinates(Double(part.maxX), Double(part.maxY))
            blend(part, opacity: opacity, texture: (s0, t0, s1, t1))
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        return min(index, operations.count - 1)
    }

    /// The endGroup closing the group that starts at `start` (the last operation if none does).
    private static func end(of start: Int, in operations: [DrawOperation]) -> Int {
        var depth = 0
        for index in (start + 1)..<operations.count {
            switch operations[index] {
            case .beginGroup, .beginTransformedGroup: depth += 1
            case .endGroup:
                if depth == 0 { return index }
                depth -= 1
            default: continue
            }
        }
        return operations.count - 1
    }

    private static func startsGroup(_ operation: DrawOperation) -> Bool {
        switch operation {
        case .beginGroup, .beginTransformedGroup: true
        default: false
        }
    }

    private func setCanvas(origin: (x: Int, y: Int), width: Int, height: Int) {
        canvas = (origin, width, height)
        glUniform2f(viewportSize, Float(width), Float(height))
        glUniform2f(originUniform, Float(origin.x), Float(origin.y))
    }

    /// GL's window rows go up from the bottom; frame pixels go down from the top.
    private func scissor(_ rect: PixelRect) {
        glScissor(
            GLint(rect.x - canvas.origin.x), GLint(canvas.origin.y + canvas.height - rect.maxY), GLsizei(rect.width),
            GLsizei(rect.height))
    }

    private func fill(_ rect: PixelRect, color: PixelColor) {
        // pixman's colour: 16 bits per premultiplied channel, stored as its top 8 bits.
        let alpha = min(max(color.alpha, 0), 1)
        func channel(_ value: Double) -> Float {
            Float(UInt16((value * 65535).rounded()) >> 8) / 255
        }
        let opaque = alpha >= 1
        if opaque { glDisable(GLenum(GL_BLEND)) } else { glEnable(GLenum(GL_BLEND)) }
        glUniform1i(texturedUniform, 0)
        glUniform4f(
            colorUniform, channel(min(max(color.red, 0), 1) * alpha), channel(min(max(color.green, 0), 1) * alpha),
            channel(min(max(color.blue, 0), 1) * alpha), channel(alpha))
        scissor(rect)
        drawQuad(Self.corners(of: rect, texture: (0, 0, 1, 1)))
    }

    /// Draws the part of `surface` the quad covers OVER: sampled from its imported
    /// dmabuf where it has one, else uploaded.
    private func draw(
        _ surface: DrawingSurface, at origin: (x: Int, y: Int), part: PixelRect, opacity: Double
    ) {
        let left = part.x - origin.x
        let top = part.y - origin.y
        if let imported = importedTexture(surface) {
            // Pending cairo drawing reaches the memory before GL reads it.
            surface.withPixels { _, _ in }
            glBindTexture(GLenum(GL_TEXTURE_2D), imported.name)
            let width = Float(surface.pixelWidth)
            let rows = Float(surface.pixelHeight)
            let coordinates = (
                Float(left) / width, Float(top) / rows, Float(left + part.width) / width,
                Float(top + part.height) / rows
            )
            blend(part, opacity: opacity, texture: coordinates)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            count(ContentStatistics(surfacesImported: 1))
            return
        }
        surface.withPixels { pixels, bytesPerRow in
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(bytesPerRow / 4))
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(part.width), GLsizei(part.height), 0, GLenum(GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE), pixels + top * bytesPerRow + left * 4)
        }
        count(ContentStatistics(surfacesUploaded: 1, bytesUploaded: part.width * part.height * 4))
        blend(part, opacity: opacity, texture: (0, 0, 1, 1))
    }

    private func count(_ draw: ContentStatistics) {
        contentStatistics.add(draw)
        lastFrameContent.add(draw)
    }

    /// The texture of `surface`'s dmabuf, imported on first use and kept by its memory;
    /// nil when the surface has none or importing has failed.
    private func importedTexture(_ surface: DrawingSurface) -> GLImportedTexture? {
        guard importFailure == nil, let memory = surface.memory as? any DMABufSurfaceMemory else {
            return nil
        }
        if let kept = memory.importedTexture, kept.context === context { return kept }
        do {
            let made = try GLImportedTexture(
                context: context, fd: memory.dmabufFD, format: memory.format, width: surface.pixelWidth,
                height: surface.pixelHeight, bytesPerRow: memory.bytesPerRow)
            memory.importedTexture = made
            return made
        } catch {
            importFailure = error
            return nil
        }
    }

    /// Draws the bound texture's `texture` coordinates over `part` OVER, times `opacity`.
    private func blend(_ part: PixelRect, opacity: Double, texture: (Float, Float, Float, Float)) {
        blend(part, opacity: opacity, quad: Self.corners(of: part, texture: texture))
    }

    /// Draws the bound texture mapped onto `quad` (corners top-left, top-right,
    /// bottom-left, bottom-right, frame pixels) OVER within `part`, times `opacity`.
    /// With `filteredRows` (the rows of a group's part of the texture, drawn top row
    /// highest), sampled bilinearly as pixman does.
    private func blend(
        _ part: PixelRect, opacity: Double, quad: [(position: (Float, Float), texture: (Float, Float))],
        filteredRows: Int = 0
    ) {
        glEnable(GLenum(GL_BLEND))
        glUniform1i(texturedUniform, 1)
        glUniform1i(filteredRowsUniform, GLint(filteredRows))
        // pixman's mask: the opacity in 16 bits, used as its top 8.
        let mask = opacity >= 1 ? 1 : Float(UInt16((max(opacity, 0) * 65535).rounded()) >> 8) / 255
        glUniform1f(opacityUniform, mask)
        scissor(part)
        drawQuad(quad)
    }

    /// The corners of `rect` (frame pixels), top-left, top-right, bottom-left,
    /// bottom-right, with texture coordinates (s0, t0, s1, t1) from the top-left corner.
    private static func corners(of rect: PixelRect, texture: (Float, Float, Float, Float)) -> [(
        position: (Float, Float), texture: (Float, Float)
    )] {
        let (s0, t0, s1, t1) = texture
        let (x0, y0, x1, y1) = (Float(rect.x), Float(rect.y), Float(rect.maxX), Float(rect.maxY))
        return [((x0, y0), (s0, t0)), ((x1, y0), (s1, t0)), ((x0, y1), (s0, t1)), ((x1, y1), (s1, t1))]
    }

    /// Two triangles: corners top-left, top-right, bottom-left, bottom-right.
    private func drawQuad(_ corners: [(position: (Float, Float), texture: (Float, Float))]) {
        let vertices = [0, 1, 2, 1, 3, 2].flatMap { index in
            let corner = corners[index]
            return [corner.position.0, corner.position.1, corner.texture.0, corner.texture.1]
        }
        vertices.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
    }

    private static let vertexShader = """
        #version 300 es
        layout(location = 0) in vec2 position;
        layout(location = 1) in vec2 textureCoordinate;
        uniform vec2 viewportSize;
        uniform vec2 origin;
        out vec2 uv;
        void main() {
            uv = textureCoordinate;
            vec2 p = (position - origin) / viewportSize;
            gl_Position = vec4(p.x * 2.0 - 1.0, 1.0 - p.y * 2.0, 0.0, 1.0);
        }
        """

    private static let fragmentShader = """
        #version 300 es
        precision highp float;
        precision highp int;
        in vec2 uv;
        uniform sampler2D surface;
        uniform bool textured;
        uniform vec4 color;
        uniform float opacity;
        uniform int filteredRows;
        out vec4 fragmentColor;

        ivec4 texel(ivec2 position) {
            ivec2 size = textureSize(surface, 0);
            return ivec4(round(texelFetch(surface, clamp(position, ivec2(0), size - 1), 0) * 255.0));
        }

        // pixman's bilinear filter (bilinear_interpolation in pixman-inlines.h): taps
        // half a pixel off the sample point, weights truncated to 7 bits, the sum
        // truncated to 8, in its image's rows (down from the top; the texture's go up).
        vec4 bilinear() {
            vec2 point = uv * vec2(textureSize(surface, 0));
            point = vec2(point.x, float(filteredRows) - point.y) - 0.5;
            vec2 cell = floor(point);
            ivec2 weight = ivec2((point - cell) * 128.0) << 1;
            int x = int(cell.x);
            int row = filteredRows - 1 - int(cell.y);
            int both = weight.x * weight.y;
            int right = (weight.x << 8) - both;
            int below = (weight.y << 8) - both;
            int neither = 65536 - (weight.y << 8) - (weight.x << 8) + both;
            ivec4 sum = texel(ivec2(x, row)) * neither + texel(ivec2(x + 1, row)) * right
                + texel(ivec2(x, row - 1)) * below + texel(ivec2(x + 1, row - 1)) * both;
            return vec4(sum >> 16) / 255.0;
        }

        void main() {
            if (!textured) {
                fragmentColor = color;
            } else if (filteredRows > 0) {
                fragmentColor = bilinear() * opacity;
            } else {
                fragmentColor = texture(surface, uv) * opacity;
            }
        }
        """
}
