import Foundation

/// One finger (or pen) on a screen, as UIKit's `UITouch`. The same object follows the
/// finger from began to ended or cancelled, and stays with the view it first
/// hit. Hashable by identity.
@MainActor public final class Touch: Hashable {
    /// Where the touch is in its life.
    public enum Phase: Sendable, Hashable {
        case began, moved, stationary, ended, cancelled
    }

    /// What made the touch, as UIKit's `UITouch.TouchType`.
    public enum TouchType: Sendable, Hashable {
        /// A finger on a touchscreen.
        case direct
        /// A mouse button held down: the touch follows the pointer until the last button lifts.
        case indirectPointer
        /// A pen's tip on a pen display or tablet (libinput's tablet tools): from tip
        /// down to tip up, with ``force``, ``altitudeAngle`` and ``azimuthAngle(in:)``.
        case pencil
    }

    /// The pointer buttons held during an indirect-pointer touch.
    public struct ButtonMask: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The left button.
        public static let primary = ButtonMask(rawValue: 1 << 0)
        /// The right button.
        public static let secondary = ButtonMask(rawValue: 1 << 1)
        /// The middle button (or wheel press).
        public static let tertiary = ButtonMask(rawValue: 1 << 2)
    }

    /// A finger (`.direct`), a mouse (`.indirectPointer`) or a pen (`.pencil`).
    public internal(set) var type: TouchType = .direct
    /// How hard a pen presses, 0…``maximumPossibleForce`` (UIKit's scale, where 1 is
    /// an average touch): the tool's pressure, 0…1 as libinput normalises it, times
    /// ``maximumPossibleForce``. 0 for fingers, mice and pens without pressure.
    public internal(set) var force: CGFloat = 0
    /// The largest ``force`` there can be: 25/6 (about 4.17, Apple Pencil's) for a
    /// pen that reports pressure, 0 for other touches.
    public internal(set) var maximumPossibleForce: CGFloat = 0
    /// The angle between a pen and the screen, in radians: π/2 upright (and for
    /// fingers, mice and pens that report no tilt), smaller as it leans.
    public internal(set) var altitudeAngle: CGFloat = .pi / 2
    /// Which way a pen's top leans, in radians clockwise from the screen's x axis.
    var azimuthInScreen: CGFloat = 0
    /// The buttons held, for an indirect-pointer touch; empty for a finger.
    public internal(set) var buttonMask: ButtonMask = []
    /// The phase of the latest event of this touch.
    public internal(set) var phase: Phase
    /// When the touch last changed, in seconds (system uptime).
    public internal(set) var timestamp: TimeInterval
    /// Taps at this place in quick succession (1 for a single tap).
    public internal(set) var tapCount: Int
    /// The view the touch was delivered to (fixed when it began).
    public internal(set) var view: View?
    /// The window the touch was delivered to.
    public internal(set) var window: Window?
    /// The screen the finger is on.
    public let screen: Screen
    var locationInScreen: CGPoint
    var previousLocationInScreen: CGPoint
    /// The recognizers that see this touch (those on its view and its ancestors when it began).
    var gestureRecognizers: [GestureRecognizer] = []
    /// A recognizer took the touch: its view got `touchesCancelled` and sees no more of it.
    var isCancelledForView = false
    /// The view's `touchesEnded` waits for the recognizers that delay it to decide.
    var heldEnd: Event?
    /// The view's `touchesBegan` waits for the recognizers that delay it to fail.
    var heldBegin: Event?

    /// A touch for a synthetic event (`Application.shared.sendEvent(_:)`), at a
    /// point in `screen`'s coordinates; its window and view are found by hit-testing when it begins.
    public init(
        screen: Screen, location: CGPoint, phase: Phase = .began,
        timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime, tapCount: Int = 1
    ) {
        self.screen = screen
        locationInScreen = location
        previousLocationInScreen = location
        self.phase = phase
        self.timestamp = timestamp
        self.tapCount = tapCount
    }

    /// Moves a synthetic touch on: records the new location and phase for the next `sendEvent(_:)`.
    package func update(location: CGPoint, phase: Phase, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime)
    {
        previousLocationInScreen = locationInScreen
        locationInScreen = location
        self.phase = phase
        self.timestamp = timestamp
    }

    /// The touch's location in `view`'s coordinates (its window's if nil).
    public func location(in view: View?) -> CGPoint {
        convert(locationInScreen, to: view)
    }

    /// Which way a pen's top leans in `view`'s coordinates (its window's if nil), in
    /// radians from its x axis towards its y axis (clockwise as drawn), 0…2π, as
    /// UIKit's: 0 when upright, for fingers and mice, and for pens that report no
    /// tilt. Views are not rotated, so the angle is the same in every view of a screen.
    public func azimuthAngle(in view: View?) -> CGFloat { azimuthInScreen }

    /// The location before the latest move, in `view`'s coordinates (its window's if nil).
    public func previousLocation(in view: View?) -> CGPoint {
        convert(previousLocationInScreen, to: view)
    }

    private func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        guard let target = view ?? window else { return point }
        return target.convertFromScreen(point)
    }

    public nonisolated static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
