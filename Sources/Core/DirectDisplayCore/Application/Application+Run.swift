import Foundation
import GLRendering
import Glibc
import Scheduling
import Typesetting

extension Application {
    /// Serves the application from the main queue until `exit(_:)`: the display's
    /// page-flip events, layout and frames, and signals.
    ///
    /// With no display yet, the one given is made (only then) and becomes the
    /// application's: e.g. `HeadlessDisplay()`, or the real screens (the DirectDisplay
    /// product's `run(_:)` gives a `KMSDisplay`). If making it fails the reason is
    /// printed as one line and the process exits with status 1. `didFinishLaunching` then runs once, where an app
    /// creates its windows. SIGINT, SIGTERM and SIGHUP (the terminal went away)
    /// shut the display down (for KMS: the CRTCs' earlier state, the VT's text
    /// mode and keyboard, the cards freed) and exit.
    public func run(
        on makeDisplay: @autoclosure () throws -> any Display, _ didFinishLaunching: (@MainActor () -> Void)? = nil
    ) -> Never {
        StartTrace.mark("Application.run")
        // fontconfig's read goes on beside the display's opening (see FontConfigWarmUp).
        FontConfigWarmUp.start()
        if display == nil {
            // The launch's display keeps GLViews' first drawing until after its first frame.
            GLViewContext.holdsContentUntilFirstFrame = true
            defer { GLViewContext.holdsContentUntilFirstFrame = false }
            do {
                display = try makeDisplay()
            } catch {
                StderrLog.info("\(error)")
                Glibc.exit(1)
            }
            // A display this library cannot drive was refused, with one log line, by the setter.
            if backend == nil { Glibc.exit(1) }
            StartTrace.mark("display attached (screens lit, first frame scheduled)")
        }
        installTerminationHandlers()
        didFinishLaunching?()
        StartTrace.mark("didFinishLaunching returned (the app's windows made)")
        // The launching thread ends in dispatchMain(): a context left current on it
        // (GL work in the launch block) could never be made current again.
        GLCurrentBinding.release()
        dispatchMain()
    }

    /// Ends the application: shuts the display down (restoring the console), then exits.
    public func exit(_ status: Int32 = 0) -> Never {
        // A GL context still being made on another thread (see GLViewContext): exit's
        // handlers (Mesa's among them) must not run under it, and the display frees
        // only what the kernel does not (see KMSDisplay.shutdownBeforeExit). Decided
        // once: the thread may finish meanwhile. Output is flushed first.
        guard GLViewContext.mayBeMakingOnAThread else {
            backend?.shutdown()
            StartTrace.mark("exit")
            Glibc.exit(status)
        }
        backend?.shutdownBeforeExit()
        StartTrace.mark("exit (_exit: a GL context was being made on another thread)")
        fflush(nil)
        Glibc._exit(status)
    }

    private func installTerminationHandlers() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            let status = 128 + signalNumber
            source.setEventHandler { exitOnSignal(status) }
            source.resume()
            TerminationSignals.sources.append(source)
        }
    }
}

/// Runs on the main queue (the signal sources' queue).
private func exitOnSignal(_ status: Int32) {
    StartTrace.mark("signal \(status - 128) received")
    MainActor.assumeIsolated { Application.shared.exit(status) }
}

/// Keeps the signal sources alive for the life of the process.
@MainActor
private enum TerminationSignals {
    static var sources: [any DispatchSourceSignal] = []
}
