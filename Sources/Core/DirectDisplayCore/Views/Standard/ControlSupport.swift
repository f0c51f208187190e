import Animation
import Foundation

/// A number a control shows moving from one value to another on the display clock
/// (a switch's thumb, a slider's or progress bar's fill), eased in and out.
struct ShownValueTransition {
    let from: CGFloat
    let to: CGFloat
    let start: Double
    let duration: Double

    /// The value shown at `time` (`.infinity`: the end).
    func value(at time: Double) -> CGFloat {
        let x = duration > 0 ? (time - start) / duration : 1
        guard x < 1, x.isFinite else { return to }
        let progress = CGFloat(TimingCurve.easeInEaseOut.progress(at: max(x, 0)))
        return from + (to - from) * progress
    }

    func isFinished(at time: Double) -> Bool { !(time < start + duration) }
}

/// A control's frame-stepped transition of one shown number: started on the display
/// clock when the control is on screen, else (no display, no frames) done at once.
@MainActor protocol ShownValueAnimating: FrameSteppedMotion {
    var shownTransition: ShownValueTransition? { get set }
    /// Shows `value` (redraws).
    func showTransitionValue(_ value: CGFloat)
}

extension ShownValueAnimating {
    /// Moves what is shown from `from` to `to` over `duration` seconds (0: at once).
    func animateShownValue(from: CGFloat, to: CGFloat, duration: Double) {
        let wasRunning = shownTransition != nil
        guard duration > 0, from != to, Application.shared.backend != nil, isOnScreen else {
            if wasRunning { Application.shared.animator.endMotion(of: self) }
            shownTransition = nil
            return showTransitionValue(to)
        }
        shownTransition = ShownValueTransition(
            from: from, to: to, start: Application.shared.animator.now, duration: duration)
        Application.shared.animator.startMotion(of: self)
        showTransitionValue(from)
    }

    /// Ends a running transition where it was going.
    func finishShownTransition() {
        guard let transition = shownTransition else { return }
        Application.shared.animator.endMotion(of: self)
        shownTransition = nil
        showTransitionValue(transition.to)
    }

    func stepShownTransition(to time: Double) {
        guard let transition = shownTransition else { return }
        showTransitionValue(transition.value(at: time))
        if transition.isFinished(at: time) {
            Application.shared.animator.endMotion(of: self)
            shownTransition = nil
        }
    }
}

/// Clamping of control values (a slider's, a stepper's): NaN is the minimum, infinities the ends.
enum ControlValue {
    static func clamped<Value: FloatingPoint>(_ value: Value, _ minimum: Value, _ maximum: Value) -> Value {
        value.isNaN ? minimum : min(max(value, minimum), maximum)
    }

    /// Colours of a disabled control: half as opaque, as UIKit's.
    static func dimmedIfDisabled(_ color: Color, _ isEnabled: Bool) -> Color {
        isEnabled ? color : color.withAlphaComponent(color.alpha * 0.5)
    }
}

extension GraphicsContext {
    /// Adds a rectangle with round corners of `radius` (at most half its smaller side) to the path:
    /// controls, text fields, alerts and the focus outline draw theirs with it.
    func addRoundedRect(_ rect: CGRect, cornerRadius: CGFloat) {
        let radius = max(min(cornerRadius, rect.width / 2, rect.height / 2), 0)
        let k = radius * 0.5523  // a quarter circle as a cubic Bézier
        move(to: CGPoint(x: rect.minX + radius, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - radius, y: rect.minY))
        addCurve(
            to: CGPoint(x: rect.maxX, y: rect.minY + radius),
            control1: CGPoint(x: rect.maxX - radius + k, y: rect.minY),
            control2: CGPoint(x: rect.maxX, y: rect.minY + radius - k))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - radius))
        addCurve(
            to: CGPoint(x: rect.maxX - radius, y: rect.maxY),
            control1: CGPoint(x: rect.maxX, y: rect.maxY - radius + k),
            control2: CGPoint(x: rect.maxX - radius + k, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX + radius, y: rect.maxY))
        addCurve(
            to: CGPoint(x: rect.minX, y: rect.maxY - radius),
            control1: CGPoint(x: rect.minX + radius - k, y: rect.maxY),
            control2: CGPoint(x: rect.minX, y: rect.maxY - radius + k))
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + radius))
        addCurve(
            to: CGPoint(x: rect.minX + radius, y: rect.minY),
            control1: CGPoint(x: rect.minX, y: rect.minY + radius - k),
            control2: CGPoint(x: rect.minX + radius - k, y: rect.minY))
        closePath()
    }

    /// Runs `body` with drawing limited to `rect` (build paths inside `body`: the clip takes the path).
    func clipped(to rect: CGRect, _ body: () -> Void) {
        guard isDrawable("clipped(to:)", rect.minX, rect.minY, rect.width, rect.height) else { return }
        drawingSurface.clipped(
            x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height, body)
    }

    /// Fills a rounded rectangle.
    func fillRoundedRect(_ rect: CGRect, cornerRadius: CGFloat, with color: Color) {
        addRoundedRect(rect, cornerRadius: cornerRadius)
        fillPath(with: color)
    }
}
