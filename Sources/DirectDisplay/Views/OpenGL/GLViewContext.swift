import Foundation
import GLRendering

/// The process's OpenGL ES context for GLViews, on the surfaceless EGL display
/// (it needs no card: Mesa renders in software where there is no GPU). Made on
/// first use; when EGL is missing or fails, or `DIRECTDISPLAY_NO_GL=1` turns GL
/// off, one log line says why and GLViews show only their background.
@MainActor enum GLViewContext {
    private static var made: Result<GLContext, GLError>?

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

    private static func make() -> Result<GLContext, GLError> {
        let result: Result<GLContext, GLError>
        if ProcessInfo.processInfo.environment["DIRECTDISPLAY_NO_GL"] == "1" {
            result = .failure(.disabled(reason: "DIRECTDISPLAY_NO_GL=1"))
        } else {
            result = Result { () throws(GLError) in try GLContext(display: GLDisplay()) }
        }
        if case .failure(let error) = result {
            StderrLog.info("no OpenGL ES, GLViews show only their background: \(error)")
        }
        return result
    }
}
