/// Which compositor composes a card's screens, and why (the one log line that says so).
///
/// GLES where EGL works on the card and its renderer is a GPU; pixman where the
/// renderer is a software rasteriser (pixman on the CPU is far faster than
/// software GL: README, "How a frame is made") or EGL is missing.
/// The caller may force GL (still pixman without EGL on the card) or pixman.
package struct CompositorChoice: Equatable, Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        case gl, pixman
    }

    /// What EGL offers on the card, as far as the choice needs it.
    package enum GLAvailability: Equatable, Sendable {
        /// EGL and GLES work on the card: GL_RENDERER and the EGL device's extensions.
        case available(renderer: String, deviceExtensions: Set<String>)
        /// No GL on the card, and why.
        case unavailable(reason: String)
    }

    package let kind: Kind
    package let reason: String

    package init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    package var description: String { "composed with \(kind == .gl ? "GL" : "pixman") (\(reason))" }

    /// The renderer is a software rasteriser (Mesa's llvmpipe, softpipe, swrast, or an
    /// EGL device that says EGL_MESA_device_software).
    package static func isSoftware(renderer: String, deviceExtensions: Set<String>) -> Bool {
        let name = renderer.lowercased()
        return deviceExtensions.contains("EGL_MESA_device_software")
            || ["llvmpipe", "softpipe", "swrast"].contains { name.contains($0) }
    }

    /// The choice when the configuration forces `forced` (nil: it does not) and the
    /// card has `gl`.
    package static func choose(forced: Kind?, gl: GLAvailability) -> CompositorChoice {
        if forced == .pixman { return CompositorChoice(kind: .pixman, reason: "the configuration asks for pixman") }
        switch gl {
        case .unavailable(let why):
            return CompositorChoice(kind: .pixman, reason: "no OpenGL ES on the card: \(why)")
        case .available(let renderer, let deviceExtensions):
            if forced == .gl {
                return CompositorChoice(kind: .gl, reason: "the configuration asks for GL, renderer \(renderer)")
            }
            if isSoftware(renderer: renderer, deviceExtensions: deviceExtensions) {
                return CompositorChoice(
                    kind: .pixman, reason: "renderer \(renderer) is a software rasteriser, slower than pixman")
            }
            return CompositorChoice(kind: .gl, reason: "renderer \(renderer)")
        }
    }
}
