extension View {
    /// The recognizers attached to the view (nil when there are none), as UIKit's.
    /// Setting replaces them all.
    public var gestureRecognizers: [GestureRecognizer]? {
        get { gestureRecognizerStorage.isEmpty ? nil : gestureRecognizerStorage }
        set {
            for recognizer in gestureRecognizerStorage { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `recognizer`: it sees the touches that begin on this view or inside
    /// it from now on. One attached to another view moves here.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let owner = recognizer.view, owner !== self { owner.removeGestureRecognizer(recognizer) }
        guard !gestureRecognizerStorage.contains(where: { $0 === recognizer }) else { return }
        gestureRecognizerStorage.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`; a gesture under way is cancelled.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = gestureRecognizerStorage.firstIndex(where: { $0 === recognizer }) else { return }
        gestureRecognizerStorage.remove(at: index)
        if recognizer.state == .began || recognizer.state == .changed {
            recognizer.state = .cancelled
        } else if recognizer.state == .possible {
            recognizer.fail()
        }
        recognizer.abandonTouches()
        recognizer.view = nil
    }
}
