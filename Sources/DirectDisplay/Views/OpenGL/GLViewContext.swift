import Foundation
import GLRendering
import KMS

/// The process's OpenGL ES context for GLViews. With a KMS display it lives on
/// the GBM device of the main screen's card (`card`), so a full-screen GLView's
/// buffers can be scanned out directly; otherwise on the surfaceless EGL display
/// (no card needed: Mesa renders in software where there is no GPU). Made on
/// first use; when EGL is missing or fails, or the display's configuration turns GL
/// off (`usesOpenGL`), one log line says why and GLViews show only their background.
@MainActor enum GLViewContext {
    private static var made: Result<GLContext, GLError>?

    /// Whether GL may be used: the display's `DisplayConfiguration.usesOpenGL` (set by
    /// the display; the environment's before there is one). Read when the context is made.
    static var usesOpenGL = DisplayConfiguration.environment.usesOpenGL

    /// The card whose GBM device the next context is made on (set by the KMS back end).
    static weak var card: DRMDevice?

    /// The context, or nil when OpenGL ES is unavailable.
    static var context: GLContext? {
        if made == nil { made = make() }
        return try? made?.get()
    }

    /// Why there is no context (nil while there is one or none was asked for yet).
    static var failure: GLError? {
        guard case .failure(let error) = made else { return nil }
        return error
    }

    /// Whether the context made so far lives on `device`'s card.
    static func usesCard(_ device: DRMDevice) -> Bool {
        guard case .success(let context) = made else { return card === device }
        return context.display.gbmDevice?.fd == device.fd
    }

    /// Ends the context and its display now (the display's card is about to close):
    /// GL objects made in it die, GLViews make new ones in the next context.
    static func end() {
        if case .success(let context) = made { context.display.terminate() }
        made = nil
        card = nil
    }

    private static func make() -> Result<GLContext, GLError> {
        if !usesOpenGL {
            return failed(.disabled(reason: "the configuration's usesOpenGL is false, e.g. DIRECTDISPLAY_NO_GL=1"))
        }
        if let card {
            do throws(GLError) {
                let device = try GBMDevice(fd: card.fd, path: card.path, owner: card)
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
