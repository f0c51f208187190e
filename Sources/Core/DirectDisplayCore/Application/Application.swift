import Compositing
import Foundation
import WindowModel

/// The running application, as UIKit's `UIApplication`: its screens, its
/// windows in stacking order, the key window, and the end of the responder chain.
@MainActor public final class Application: Responder {
    /// The one application object.
    public static let shared = Application()

    /// Where pixels go: a `KMSDisplay` or a `HeadlessDisplay`. A display given
    /// here is attached to the application once; only this library's displays
    /// can drive screens (any other is refused with one log line).
    public var display: (any Display)? {
        didSet {
            guard let display else {
                backend = nil
                return
            }
            guard display !== oldValue else { return }
            guard let backend = display as? any DisplayBackend else {
                StderrLog.error("\(type(of: display)) cannot drive screens: use a KMSDisplay or a HeadlessDisplay")
                self.display = oldValue
                return
            }
            self.backend = backend
            backend.attach(to: host)
            idle.restart()
        }
    }
    /// The display as the core drives it (the same object as `display`).
    package private(set) var backend: (any DisplayBackend)?
    /// The application as its display sees it.
    private lazy var host = ApplicationDisplayHost(application: self)

    /// Connected screens in connection order.
    package internal(set) var connectedScreens: [Screen] = [] { didSet { visibleByScreen = [:] } }
    /// The main screen, kept until it disconnects.
    public internal(set) var mainScreen: Screen?
    /// DIRECTDISPLAY_MIRROR was malformed and said so (once).
    var reportedMirrorSetting = false

    var model = WindowVisibilityModel<ObjectIdentifier>() { didSet { visibleByScreen = [:] } }
    private var registered: [ObjectIdentifier: WeakWindow] = [:]
    /// Visible windows are kept alive by the application, as UIKit does.
    var retainedVisible: [ObjectIdentifier: Window] = [:] { didSet { visibleByScreen = [:] } }
    /// Each screen's visible windows back to front: read by every frame, kept until
    /// windows are shown, hidden, reordered or moved between screens.
    private var visibleByScreen: [ObjectIdentifier: [Window]] = [:]
    /// The running animations of every view.
    let animator = Animator()
    /// Touches that began and have not ended.
    var activeTouches: Set<Touch> = []
    /// The idle timer: dims, then powers the screens off without input; input wakes them.
    package let idle = IdleTimer()
    /// How the mouse cursor shows (see `PointerCursor`).
    public var pointerCursor: PointerCursor = .automatic {
        didSet { if pointerCursor != oldValue { backend?.input.pointer.cursorPolicyChanged() } }
    }
    /// Whether the last frame stays on the screens when the app exits (`exit(_:)`, a
    /// terminating signal), instead of the console coming back: a kiosk that restarts
    /// its app then shows no console between two runs, and the next run's first frame
    /// replaces the picture without a modeset. False by default. On Linux 6.1 it takes
    /// a KMS display that opens its devices itself (`DIRECTDISPLAY_SESSION=direct`, as
    /// root) under a systemd unit with `FileDescriptorStoreMax=1`; elsewhere exit gives
    /// the console back as usual, with one log line saying why (docs/kiosk.md).
    public var leavesLastFrameOnExit = false
    /// When the on-screen keyboard shows (default `.automatic`: for a `KeyInput` first
    /// responder on a seat with no keyboard device).
    public var onScreenKeyboard: OnScreenKeyboardMode {
        get { keyboardController.mode }
        set { keyboardController.mode = newValue }
    }
    /// The on-screen keyboard's window and keys.
    package private(set) var keyboardController = OnScreenKeyboardController()
    /// Test hook: sees presses that went up the whole responder chain unhandled.
    package var unhandledPressObserver: ((Set<Press>, Event?) -> Void)?

    private struct WeakWindow {
        weak var window: Window?
    }

    private override init() { super.init() }

    /// Connected screens, the main screen first.
    public var screens: [Screen] {
        guard let mainScreen else { return connectedScreens }
        return [mainScreen] + connectedScreens.filter { $0 !== mainScreen }
    }

    /// Every window (visible or hidden, still in use), back to front: by level, then recency.
    public var windows: [Window] {
        pruneReleasedWindows()
        return model.backToFront.compactMap { registered[$0]?.window }
    }

    /// Visible windows on `screen`, back to front.
    public func visibleWindows(on screen: Screen) -> [Window] {
        // A mirroring screen shows its source's frame, none of its own windows.
        if screen.mirroredScreen != nil { return [] }
        if let kept = visibleByScreen[ObjectIdentifier(screen)] { return kept }
        // Made again after every raise: one loop into one array (closures here cost
        // an actor check per window, and the chain an array more).
        let ids = model.visibleBackToFront
        var order: [Window] = []
        order.reserveCapacity(ids.count)
        for index in ids.indices {
            if let window = retainedVisible[ids[index]], window.screen === screen { order.append(window) }
        }
        visibleByScreen[ObjectIdentifier(screen)] = order
        return order
    }

    /// A window moved to another screen.
    func windowScreenDidChange() {
        visibleByScreen = [:]
    }

    /// The window that receives presses; always visible.
    public var keyWindow: Window? { model.key.flatMap { retainedVisible[$0] } }

    func window(_ id: ObjectIdentifier) -> Window? { retainedVisible[id] ?? registered[id]?.window }

    func register(_ window: Window) {
        let id = ObjectIdentifier(window)
        pruneReleasedWindows()
        registered[id] = WeakWindow(window: window)
        model.add(id, level: window.windowLevel.rawValue)
    }

    private func pruneReleasedWindows() {
        for (id, entry) in registered where entry.window == nil {
            registered[id] = nil
            _ = model.remove(id)
        }
    }

    func windowLevelDidChange(_ window: Window) {
        model.setLevel(window.windowLevel.rawValue, of: ObjectIdentifier(window))
    }

    /// The end of the responder chain: presses nobody handled stop here.
    public override var next: Responder? { nil }

    public override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        unhandledPressObserver?(presses, event)
    }
    public override func pressesChanged(_ presses: Set<Press>, with event: Event?) {
        unhandledPressObserver?(presses, event)
    }
    public override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        unhandledPressObserver?(presses, event)
    }
    public override func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        unhandledPressObserver?(presses, event)
    }

    /// Forgets every screen, window, touch and the display, without
    /// notifications, so each test starts from nothing.
    package func reset() {
        display = nil
        for screen in connectedScreens { screen.isConnected = false }
        connectedScreens = []
        mainScreen = nil
        for window in retainedVisible.values { window.hiddenStorage = true }
        model = WindowVisibilityModel()
        registered = [:]
        retainedVisible = [:]
        activeTouches = []
        unhandledPressObserver = nil
        idle.reset()
        pointerCursor = .automatic
        animator.reset()
        NonFiniteValueLog.reset()
        reportedMirrorSetting = false
        leavesLastFrameOnExit = false
        Pasteboard.general.string = nil
        KeyInputRouting.reset()
        keyboardController = OnScreenKeyboardController()
        ScreenReader.shared.reset()
        Accessibility.resetSpeechOutput()
    }
}

/// The application's side of the back-end interface. Its own object, so the
/// methods a display calls stay out of `Application`'s public API.
@MainActor private final class ApplicationDisplayHost: DisplayHost {
    unowned let application: Application

    init(application: Application) { self.application = application }

    func connect(_ screen: Screen) { application.connect(screen) }
    func disconnect(_ screen: Screen) { application.disconnect(screen) }
    var mainScreen: Screen? { application.mainScreen }
    func visibleWindows(on screen: Screen) -> [Window] { application.visibleWindows(on: screen) }
    func layoutAndDisplay(_ screen: Screen) { application.layoutAndDisplay(screen) }
    func hasRunningAnimations(on screen: Screen) -> Bool { application.animator.hasRunningAnimations(on: screen) }
    func stepAnimations(on screen: Screen, to time: Double) { application.animator.step(screen, to: time) }
    func nextAnimationChange(on screen: Screen, after time: Double) -> Double? {
        application.animator.nextChange(on: screen, after: time)
    }
    var leavesLastFrameOnExit: Bool { application.leavesLastFrameOnExit }
}
