/// Calls that nest one inside another along a chain of views (each view's default
/// passing an event to its superview, each resize resizing the subviews), made
/// directly up to `limit` deep and queued past it: the call at the limit makes the
/// queued ones one after another, so a chain of any length (100,000 views) does not
/// overflow the stack, and every call is still made, in order. Past the limit a
/// caller's work after its nested call runs before the calls that one queued.
@MainActor final class BoundedNesting {
    let limit: Int
    private var depth = 0
    private var queued: [() -> Void] = []

    init(limit: Int) { self.limit = limit }

    func run(_ call: @escaping () -> Void) {
        guard depth < limit else {
            queued.append(call)
            return
        }
        depth += 1
        defer { depth -= 1 }
        call()
        guard depth == limit else { return }
        // Calls queued while draining queue again and are drained here too.
        while !queued.isEmpty { queued.removeFirst()() }
    }
}
