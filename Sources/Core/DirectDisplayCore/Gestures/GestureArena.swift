import Foundation

/// UIKit's delivery of touches to gesture recognizers and views: the recognizers
/// of a touch's hit view and its ancestors see each touch first; the hit view gets
/// it afterwards unless a recognizer took it (``GestureRecognizer/cancelsTouchesInView``),
/// its `touchesBegan` waits while a recognizer that delays it is undecided (and
/// never comes if one recognizes), and so does its `touchesEnded`.
@MainActor enum GestureArena {
    /// Delivers a touch event into `window`: recognizers first, then views.
    static func deliver(_ event: Event, in window: Window) {
        let touches = (event.allTouches ?? []).filter { $0.window === window }
        for touch in touches where touch.phase == .began { touch.gestureRecognizers = recognizers(for: touch) }
        var involved: [GestureRecognizer] = []
        for touch in touches {
            for recognizer in touch.gestureRecognizers where !involved.contains(where: { $0 === recognizer }) {
                involved.append(recognizer)
            }
        }
        for recognizer in involved { feed(recognizer, touches: touches, event: event) }
        for (view, viewTouches) in event.touchesByView(in: window) {
            var deliverable = viewTouches.filter { !$0.isCancelledForView }
            for touch in deliverable {
                if touch.heldBegin != nil || (touch.phase == .began && isBeginHeld(touch)) {
                    // The view has not seen the touch: its moves are dropped, its end waits for the begin.
                    switch touch.phase {
                    case .began: touch.heldBegin = event
                    case .ended: touch.heldEnd = event
                    case .cancelled: touch.heldBegin = nil
                    case .moved, .stationary: break
                    }
                    deliverable.remove(touch)
                } else if touch.phase == .ended && isEndHeld(touch) {
                    touch.heldEnd = event
                    deliverable.remove(touch)
                }
            }
            if !deliverable.isEmpty { view.deliver(deliverable, with: event) }
        }
        for touch in touches where touch.phase == .ended || touch.phase == .cancelled {
            if touch.heldEnd == nil { touch.gestureRecognizers = [] }
        }
    }

    /// The enabled recognizers of the hit view and its ancestors (nearest first)
    /// that agree to receive `touch`.
    private static func recognizers(for touch: Touch) -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        var view = touch.view
        while let current = view {
            for recognizer in current.gestureRecognizerStorage where recognizer.isEnabled {
                if recognizer.state != .possible && recognizer.trackedTouches.isEmpty { recognizer.resetToPossible() }
                guard recognizer.state == .possible || recognizer.state == .began || recognizer.state == .changed
                else { continue }
                if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) {
                    continue
                }
                found.append(recognizer)
            }
            view = current.superview
        }
        return found
    }

    private static func feed(_ recognizer: GestureRecognizer, touches: Set<Touch>, event: Event) {
        let mine = touches.filter { $0.gestureRecognizers.contains { $0 === recognizer } }
        guard !mine.isEmpty else { return }
        let began = mine.filter { $0.phase == .began }
        let moved = mine.filter { $0.phase == .moved || $0.phase == .stationary }
        let ended = mine.filter { $0.phase == .ended }
        let cancelled = mine.filter { $0.phase == .cancelled }
        if !began.isEmpty {
            recognizer.begin(began.sorted { $0.timestamp < $1.timestamp })
            if recognizer.isEnabled { recognizer.touchesBegan(began, with: event) }
        }
        if !moved.isEmpty, recognizer.isEnabled { recognizer.touchesMoved(moved, with: event) }
        if !ended.isEmpty {
            if recognizer.isEnabled { recognizer.touchesEnded(ended, with: event) }
            recognizer.finish(ended)
        }
        if !cancelled.isEmpty {
            if recognizer.isEnabled { recognizer.touchesCancelled(cancelled, with: event) }
            recognizer.finish(cancelled)
        }
    }

    /// Whether a recognizer that delays `touchesBegan` has not decided yet.
    private static func isBeginHeld(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.contains { $0.delaysTouchesBegan && $0.isUndecided }
    }

    /// Whether a recognizer that delays `touchesEnded` has not decided yet.
    private static func isEndHeld(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.contains { $0.delaysTouchesEnded && $0.isUndecided }
    }

    /// `recognizer` began or recognized: its touches leave their views (when it
    /// cancels touches in view) and recognizers that may not share them fail.
    static func recognized(_ recognizer: GestureRecognizer) {
        let touches = recognizer.trackedTouches + heldTouches(of: recognizer)
        // The views lose the touches first, so failing the others releases no held end.
        if recognizer.cancelsTouchesInView { cancelInViews(touches) }
        var others: [GestureRecognizer] = []
        for touch in touches {
            for other in touch.gestureRecognizers
            where other !== recognizer && !others.contains(where: { $0 === other }) {
                others.append(other)
            }
        }
        for other in others where !recognizer.canRecognize(simultaneouslyWith: other) {
            if other.state == .possible { other.fail() }
        }
        releaseHeldEnds(of: touches)
    }

    private static func cancelInViews(_ touches: [Touch]) {
        var byView: [(View, Set<Touch>, Event?)] = []
        for touch in touches where !touch.isCancelledForView {
            touch.isCancelledForView = true
            // A touch whose begin was held never reached its view: nothing to cancel.
            if touch.heldBegin != nil {
                touch.heldBegin = nil
                touch.heldEnd = nil
                continue
            }
            guard let view = touch.view else { continue }
            let event = touch.heldEnd
            touch.heldEnd = nil
            if let index = byView.firstIndex(where: { $0.0 === view }) {
                byView[index].1.insert(touch)
            } else {
                byView.append((view, [touch], event))
            }
        }
        for (view, cancelled, event) in byView {
            view.touchesCancelled(cancelled, with: event ?? Event(touches: cancelled))
        }
    }

    /// Whether another recognizer already took one of `recognizer`'s touches
    /// (began and may not recognize with it).
    static func isBlocked(_ recognizer: GestureRecognizer) -> Bool {
        for touch in recognizer.trackedTouches {
            for other in touch.gestureRecognizers where other !== recognizer {
                if other.state == .began || other.state == .changed,
                    !recognizer.canRecognize(simultaneouslyWith: other)
                {
                    return true
                }
            }
        }
        return false
    }

    /// `recognizer` failed: ends it held for it may now reach their views.
    static func failed(_ recognizer: GestureRecognizer) {
        releaseHeldEnds(of: recognizer.trackedTouches + heldTouches(of: recognizer))
    }

    /// `recognizer` stopped delaying `touchesBegan` while still undecided (a scroll view's
    /// content-touch delay ran out): the begins (and ends) it held reach their views now.
    static func stoppedDelaying(_ recognizer: GestureRecognizer) {
        releaseHeldEnds(of: recognizer.trackedTouches + heldTouches(of: recognizer))
    }

    /// Touches that ended with their `touchesEnded` held, among those `recognizer` saw.
    private static func heldTouches(of recognizer: GestureRecognizer) -> [Touch] {
        recognizer.endedTouches.filter { $0.heldEnd != nil }
    }

    private static func releaseHeldEnds(of touches: [Touch]) {
        for touch in touches {
            if let began = touch.heldBegin, !isBeginHeld(touch) {
                touch.heldBegin = nil
                if !touch.isCancelledForView, let view = touch.view { view.touchesBegan([touch], with: began) }
            }
            guard touch.heldBegin == nil, let event = touch.heldEnd, !isEndHeld(touch) else { continue }
            touch.heldEnd = nil
            touch.gestureRecognizers = []
            if !touch.isCancelledForView, let view = touch.view { view.touchesEnded([touch], with: event) }
        }
    }
}
