import Foundation
import GLRendering
import Scheduling
import Synchronization

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
            guard !holdsContent, oldValue, starting == nil else { return }
            redrawHeldViews()
        }
    }

    private static func redrawHeldViews() {
        let views = heldViews.compactMap(\.view)
        heldViews = []
        for view in views { view.setNeedsDisplay() }
    }

    /// The context being made on another thread (`startMakingInBackground`).
    private static var starting: Start?

    /// Whether a context is being made on another thread: GLViews keep their
    /// content held until it is there.
    package static var isStarting: Bool { starting != nil }

    /// The last thread started, until its result reached the main queue (kept after `end()`).
    private static var lastStart: Start?

    /// Whether a thread started to make a context may still be in EGL (not waited for).
    package static var mayBeMakingOnAThread: Bool {
        guard let lastStart else { return false }
        let finished = lastStart.finished.withLock { $0 }
        return !finished
    }

    /// What the thread making a context hands over: written there before `done` is signalled.
    private final class Start: @unchecked Sendable {
        let card: GLViewCard?
        let usesOpenGL: Bool
        var result: Result<GLContext, GLError>?
        let done = DispatchSemaphore(value: 0)
        let finished = Mutex(false)

        init(card: GLViewCard?, usesOpenGL: Bool) {
            self.card = card
            self.usesOpenGL = usesOpenGL
        }
    }

    /// Makes the context on another thread when none is made yet: EGL's start on the
    /// card (the driver loaded, its screen set up: 30-110 ms on the build host, seconds
    /// in an emulated VM) then keeps the main thread free, so a SIGTERM that comes
    /// meanwhile stops the app at once. GLViews' held content waits for it (see
    /// `holdsContent`); anything that asks for `context` before then waits for it.
    package static func startMakingInBackground() {
        guard made == nil, starting == nil, usesOpenGL else { return }
        let start = Start(card: card, usesOpenGL: usesOpenGL)
        starting = start
        lastStart = start
        Thread.detachNewThread {
            StartTrace.mark("GL: the GLViews' context being made (a thread)")
            start.result = GLViewContext.make(card: start.card, usesOpenGL: start.usesOpenGL)
            StartTrace.mark("GL: the GLViews' context made (a thread)")
            start.finished.withLock { $0 = true }
            start.done.signal()
            DispatchQueue.main.async { MainActor.assumeIsolated { GLViewContext.started(start) } }
        }
    }

    /// The thread's context is there: GLViews held draw it.
    private static func started(_ start: Start) {
        if lastStart === start { lastStart = nil }
        // Ended meanwhile (`end()`), its result is dropped; taken already by `context`, it is in use.
        if starting === start { finish(start) }
        if !holdsContent, starting == nil { redrawHeldViews() }
    }

    /// Takes the thread's result, waiting for it when it is not there yet.
    private static func finish(_ start: Start) {
        start.done.wait()
        starting = nil
        made = start.result
    }

    private struct HeldView { weak var view: GLView? }
    private static var heldViews: [HeldView] = []

    /// Whether a GLView on screen waits for the hold to end (an app with none needs
    /// no context: EGL's start and teardown cost it time and memory for nothing).
    package static var hasHeldViews: Bool { heldViews.contains { $0.view != nil } }

    /// `view` drew nothing for the hold: it is redrawn when the hold ends.
    static func held(_ view: GLView) {
        guard !heldViews.contains(where: { $0.view === view }) else { return }
        heldViews.append(HeldView(view: view))
    }

    /// The card whose GBM device the next context is made on (the display's choice).
    package static var card: GLViewCard? { Application.shared.backend?.glViewCard }

    /// The context, or nil when OpenGL ES is unavailable.
    package static var context: GLContext? {
        if let starting { finish(starting) }
        if made == nil { made = make(card: card, usesOpenGL: usesOpenGL) }
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
    /// A context still being made is not waited for: the thread's result is dropped.
    package static func end() {
        if case .success(let context) = made { context.display.terminate() }
        made = nil
        starting = nil
    }

    /// Makes a context on `card`, else surfaceless (any thread: it touches no GLView state).
    private nonisolated static func make(card: GLViewCard?, usesOpenGL: Bool) -> Result<GLContext, GLError> {
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

    private nonisolated static func failed(_ error: GLError) -> Result<GLContext, GLError> {
        StderrLog.info("no OpenGL ES, GLViews show only their background: \(error)")
        return .failure(error)
    }
}
