import Animation
import Backlight
import Compositing
import DeviceAccess
import DirectDisplayCore
import Foundation
import GLCompositing
import KMS
import Scheduling
import Udev

extension KMSDisplay {
    /// One screen being driven: its output and whether the model has changed it.
    final class LitScreen {
        let screen: Screen
        let output: ScanoutOutput
        let card: KMSCard
        /// The connector as last probed (its mode list may change while lit).
        var connector: ConnectorState
        /// CLOCK_MONOTONIC time of the device event that made this screen, for
        /// hotplug-to-first-frame figures; nil for screens found at start.
        var plugTime: Double?
        /// How long after `plugTime` the first frame completed its flip.
        var plugToFirstFrame: Double? {
            guard let plugTime, let flipped = firstFrame.flipped else { return nil }
            return flipped - plugTime
        }
        /// When each step from the plug to the first frame happened (hotplug benchmark).
        var firstFrame = FirstFrameTimeline()
        var needsComposite = true
        /// Incremented for every composed frame; the output reports which one is on screen.
        var composedVersion = 0
        /// The version on screen at the last flip event, to tell new content from repeats.
        var lastSeenVersion = 0
        /// The arrow at this screen's scale (on the output's cursor plane, or composited).
        var cursorImage: CursorImage?
        /// The cursor plane chosen for this screen, its buffer made when the cursor first shows here.
        var cursorPlane: PlaneState?
        /// Where a composited cursor's top-left corner sits in panel pixels; nil when not shown here.
        var compositedCursor: (x: Int, y: Int)?
        /// A frame was composed since the last flip event (it waits as the pending frame).
        var composedForNextFlip = false
        /// The deadline of the queued flip (see `watchFlip`).
        var flipWatchdog: TimerID?
        /// Flips given up because their events never came.
        var lostFlips = 0
        /// Commits refused in a row (see KMSDisplay+CommitRetry), and the timer that retries the last.
        var failedCommits = 0
        /// Modesets done because the connector's link-status went BAD.
        var linkResets = 0
        var commitRetry: TimerID?
        /// Frames composed by pixman into the output's dumb buffers (KMSDisplay+DumbBuffers).
        let dumbBuffers = DumbBufferPresenter()
        /// Windows on overlay planes (KMSDisplay+PlaneOffload).
        let overlays = OverlayPlanePresenter()
        /// When the next vblank comes, from the flip events (see KMSDisplay+Animation).
        var vblanks: VBlankPredictor
        /// The next animation frame when no flip is on its way to bring one.
        var animationTimer: TimerID?
        /// No new frame is composed while a wait for the screen to go idle runs
        /// (an animation would otherwise queue one at every flip).
        var framesHeld = false
        /// A full-screen GLView's frames scanned out as they are (KMSDisplay+DirectScanout).
        let direct = DirectScanoutPresenter()
        /// The direct frame committed last (what a capture without writeback reads back).
        var lastDirectFrame: DirectFrame?
        /// GL composition: its composer and its two presenters (KMSDisplay+GLComposition).
        let gl = GLComposition()
        /// The surface buffer committed last, while a frame holds it (what a capture without writeback reads).
        weak var lastSurfaceFrame: GLSurfaceFrame?
        /// The panel's backlight (KMSDisplay+Backlight); nil: none (an external monitor).
        var backlight: BacklightDevice?
        /// Said once that a brightness set here has no backlight to go to.
        var noBacklightLogged = false
        /// The kernel refused to power this output off once (logged): later requests are not tried.
        var powerOffRefused = false
        /// No power change before this time (one per refresh period), and the timer that applies a later one.
        var nextPowerChange = 0.0
        var powerTimer: TimerID?
        /// The source screen and mode in which hardware clone mode was not to be had
        /// (the card cannot, or the kernel refused): the screen mirrors it by a copy.
        var cloneRefusal: (source: Screen, mode: DisplayMode)?

        /// The buffers' contents are unknown (reallocated, or another master drew): each is drawn whole next.
        @MainActor func buffersInvalidated() {
            screen.compositor.invalidate()
            gl.history.reset()
            dumbBuffers.cursorDrawn.removeAll()
            overlays.invalidate()
        }

        init(screen: Screen, output: ScanoutOutput, card: KMSCard, plugTime: Double?) {
            self.screen = screen
            self.output = output
            self.card = card
            self.plugTime = plugTime
            firstFrame.plugged = plugTime
            connector = output.connector
            vblanks = VBlankPredictor(refreshRate: output.mode.refreshRate)
        }
    }
}

/// CLOCK_MONOTONIC times of the steps between a screen's device event and its first
/// completed flip, for the hotplug benchmark's breakdown; nil until reached.
package struct FirstFrameTimeline: Sendable, Equatable {
    /// The device event arrived (the plug time).
    package var plugged: Double?
    /// The re-probe that found the connector started.
    package var reprobeStarted: Double?
    /// The re-probe read the card.
    package var probed: Double?
    /// The output was made (CRTC chosen, first buffer allocated).
    package var outputMade: Double?
    /// The screen was connected (the app told, its windows placed).
    package var lit: Double?
    /// The first frame's composition started.
    package var composeStarted: Double?
    /// The first frame was drawn into its buffer, about to be committed.
    package var composed: Double?
    /// The first frame's commit (a modeset) returned.
    package var committed: Double?
    /// Its flip event arrived.
    package var flipped: Double?
}
