import Foundation
import GLRendering

/// The process's OpenGL ES context for GLViews. With a KMS display it lives on
/// the GBM device of the card the display offers (`Display.glViewCard`), so a full-screen GLView's
/// buffers can be scanned out directly; otherwise on the surfaceless EGL display
/// (no card needed: Mesa renders in software where there is no GPU). Made on
/// first use; when EGL is missing or fails, or the display's configuration turns GL
/// off (`usesOpenGL`), one log line says why and GLViews show only their background.
@MainActor package enum GLViewContext {
    private static var made: Result<GLContext, GLError>?

    /// Whether GL may be used: the display's `DisplayConfiguration.usesOpenGL` (set by
    /// the display; the environment's before there is one). Read when the context is made.
    package static var usesOpenGL = DisplayConfiguration.environment.usesOpenGL

    /// Set by `Application.run` while it makes the app's display: a KMS display made
    /// then holds GLViews' content (`holdsContent`) until its first frame is on screen.
    /// Displays made otherwise (tests, tools) draw GL content on their first frame.
    package static var holdsContentUntilFirstFrame = false

    /// While true, GLViews draw no GL content (they show their background) and are
    /// redrawn once it turns false. A display holds it until its first frame is on
    /// screen: the draw callbacks' first run (a shader compile, seconds with software
    /// GL on a slow board) then comes after that frame instead of before it.
    package static var holdsContent = false {
        didSet {
            guard !holdsContent, oldValue else { return }
            let views = heldViews.compactMap(\.view)
            heldViews = []
            for view in views { view.setNeedsDisplay() }
        }
    }

    private struct HeldView { weak var view: GLView? }
    private static var heldViews: [HeldView] = []

    /// `view` drew nothing for the hold: it is redrawn when the hold ends.
    static func held(_ view: GLView) {
        guard !heldViews.contains(where: { $0.view === view }) else { return }
        heldViews.append(HeldView(view: view))
    }

    /// The card whose GBM device the next context is made on (the display's choice).
    package static var card: GLViewCard? { Application.shared.backend?.glViewCard }

    /// The context, or nil when OpenGL ES is unavailable.
    package static var context: GLContext? {
        if made == nil { made = make() }
        return try? made?.get()
    }

    /// Why there is no context (nil while there is one or none was asked for yet).
    package static var failure: GLError? {
        guard case .failure(let error) = made else { return nil }
        return error
    }

    /// Whether the context made so far lives on the card open as `fd`.
    package static func lives(onCardWithFD fd: Int32) -> Bool {
        guard case .success(let context) = made else { return false }
        return context.display.gbmDevice?.fd == fd
    }

    /// Ends the context and its display now (the display's card is about to close):
    /// GL objects made in it die, GLViews make new ones in the next context.
    package static func end() {
        if case .success(let context) = made { context.display.terminate() }
        made = nil
    }

    private static func make() -> Result<GLContext, GLError> {
        if !usesOpenGL {
            return failed(.disabled(reason: "the configuration's usesOpenGL is false, e.g. DIRECTDISPLAY_NO_GL=1"))
        }
        if let card {
            do throws(GLError) {
                let device = try GBMDevice(fd: card.fd, path: card.path, owner: card.owner)
                return .success(try GLContext(display: GLDisplay(device: device)))
            } catch {
                StderrLog.info("no OpenGL ES on \(card.path), GLViews are composed, never scanned out: \(error)")
            }
        }
        do throws(GLError) {
            return .success(try GLContext(display: GLDisplay()))
        } catch {
            return failed(error)
        }
    }

    private static func failed(_ error: GLError) -> Result<GLContext, GLError> {
        StderrLog.info("no OpenGL ES, GLViews show only their background: \(error)")
        return .failure(error)
    }
}
